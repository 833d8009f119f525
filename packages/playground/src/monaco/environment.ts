/**
 * Where Monaco gets its web workers: Vite bundles each `?worker` import as
 * its own file beside the page, so the built site works from any path.
 */
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};
