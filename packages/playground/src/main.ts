/**
 * Entry of the page: styles, the language-service worker, then the playground.
 * The worker starts first, so that its bundle loads and initialises while the
 * page loads Monaco (the large chunk, imported on its own), not after it.
 */
import './style.css';
import PlaygroundWorker from './worker/playground.worker.ts?worker';

const worker = new PlaygroundWorker();

import('./app.js')
  .then(({ startPlayground }) => startPlayground({ worker }))
  .catch((e: unknown) => {
    // Without a worker or editors there is no playground: say so on the page.
    const status = document.getElementById('status');
    if (status) {
      status.dataset.state = 'error';
      status.textContent = `failed to start: ${e instanceof Error ? e.message : String(e)}`;
    }
    console.error(e);
  });
