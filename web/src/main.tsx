import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { startDevtoolsGuard } from './features/devtools-guard/index.js';

startDevtoolsGuard();
const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The performance metrics come once the first screen is shown and the browser is idle: their
// chunk is never part of what the first screen waits for.
window.addEventListener('load', () => {
  const idle = window.requestIdleCallback ?? ((then: () => void) => setTimeout(then, 1));
  idle(() => void import('./app/web-vitals.js').then(({ reportWebVitals }) => reportWebVitals()));
});
