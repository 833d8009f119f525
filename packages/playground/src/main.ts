/** Entry of the page: styles, then the playground. */
import './style.css';
import { startPlayground } from './app.js';

startPlayground().catch((e: unknown) => {
  // Without a worker or editors there is no playground: say so on the page.
  const status = document.getElementById('status');
  if (status) {
    status.dataset.state = 'error';
    status.textContent = `failed to start: ${e instanceof Error ? e.message : String(e)}`;
  }
  console.error(e);
});
