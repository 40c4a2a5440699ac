import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { loadConfig } from '@/lib/config';

// Screens load their sections lazily (a dynamic import the first time): on a busy two-core machine that can take
// longer than the library's 1 s default for `findBy…`/`waitFor`, which made tests fail by load, not by fault.
configure({ asyncUtilTimeout: 3000 });

// The app's own start-up path: /config.json fetched and validated, answered here without a server.
const TEST_CONFIG = {
  region: 'local',
  userPoolId: 'local_test',
  userPoolClientId: 'test-client',
  cognitoEndpoint: 'http://localhost:3000/_local/cognito',
  authFlowType: 'USER_PASSWORD_AUTH',
  apiBaseUrl: '/api',
  localMailbox: true,
};
const fetchBefore = globalThis.fetch;
globalThis.fetch = async () => new Response(JSON.stringify(TEST_CONFIG), { status: 200 });
await loadConfig();
globalThis.fetch = fetchBefore;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // Sonner keeps toasts in a module-level store that a new <Toaster> replays; start each test empty.
  toast.dismiss();
});
