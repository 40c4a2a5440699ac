import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { loadConfig } from '@/lib/config';
import './index.css';

async function start(root: HTMLElement) {
  try {
    await loadConfig();
  } catch (error) {
    console.error('Planform could not start', error);
    root.innerHTML =
      '<div role="alert" style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#0f172a">' +
      '<h1 style="font-size:1.25rem">Planform could not start</h1>' +
      '<p style="color:#475569">The application configuration could not be loaded. Please reload the page.</p></div>';
    return;
  }
  // A transition lets React render the first screen in small slices instead of one long task that blocks input
  // (Lighthouse's Total Blocking Time on a slow phone).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    );
  });
}

void start(document.getElementById('root')!);
