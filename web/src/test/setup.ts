import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { setConfig } from '@/lib/config';

// Screens load their sections lazily (a dynamic import the first time): on a busy two-core machine that can take
// longer than the library's 1 s default for `findBy…`/`waitFor`, which made tests fail by load, not by fault.
configure({ asyncUtilTimeout: 3000 });

setConfig({
  region: 'local',
  userPoolId: 'local_test',
  userPoolClientId: 'test-client',
  cognitoEndpoint: 'http://localhost:3000/_local/cognito',
  authFlowType: 'USER_PASSWORD_AUTH',
  apiBaseUrl: '/api',
  localMailbox: true,
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // Sonner keeps toasts in a module-level store that a new <Toaster> replays; start each test empty.
  toast.dismiss();
});
