/**
 * Vitest global setup for the integration and browser tests: runs `npm start`'s entry point (the whole local
 * cloud with the built SPA) on a free port with a throw-away data directory, and stops it afterwards.
 */
import type { TestProject } from 'vitest/node';
import { spawnLocalCloud } from './spawn';
import type { LocalCloudInfo } from './testing';

const ADMIN = { email: 'admin@planform.test', password: 'Admin-Passw0rd!' };

export default async function setup(project: TestProject) {
  const cloud = await spawnLocalCloud({
    LOCAL_ADMIN_EMAIL: ADMIN.email,
    LOCAL_ADMIN_PASSWORD: ADMIN.password,
  });
  const info: LocalCloudInfo = {
    url: cloud.url,
    userPoolId: cloud.userPoolId,
    clientId: cloud.clientId,
    admin: ADMIN,
    dataDir: cloud.dataDir,
    endpoints: cloud.endpoints,
  };
  project.provide('localCloud', info);
  return async () => {
    if (process.env.PLANFORM_TEST_LOGS) console.log(cloud.output());
    await cloud.stop();
  };
}
