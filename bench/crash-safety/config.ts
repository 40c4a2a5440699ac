/** bench/crash-safety: its settings (environment) and the local cloud's admin. */
export const UPLOAD_CLIENTS = Number(process.env.CRASH_CLIENTS ?? 12);
export const USERS = Number(process.env.CRASH_USERS ?? 3);
export const PASSWORD = 'Crash-Bench-Passw0rd!';
export const ADMIN = { email: 'crash-admin@planform.local', password: 'Crash-Admin-Passw0rd!' };
export const CLOUD_ENV = {
  LOCAL_ADMIN_EMAIL: ADMIN.email,
  LOCAL_ADMIN_PASSWORD: ADMIN.password,
  PLANFORM_RECONCILE_INTERVAL_MS: '2000',
};
