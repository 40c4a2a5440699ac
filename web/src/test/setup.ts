import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { setConfig } from '@/lib/config';

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
