/** Resource names reach handlers only through the environment (endpoints through AWS_ENDPOINT_URL_<SERVICE>). */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const env = {
  get tableName() {
    return requireEnv('TABLE_NAME');
  },
  get uploadsBucket() {
    return requireEnv('UPLOADS_BUCKET');
  },
  get rendersBucket() {
    return requireEnv('RENDERS_BUCKET');
  },
  get userPoolId() {
    return requireEnv('USER_POOL_ID');
  },
  get siteUrl() {
    return requireEnv('SITE_URL');
  },
};
