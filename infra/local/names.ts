/** Names of the local cloud's resources, shared by the seed, the handlers' environment and the tests. */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const TABLE_NAME = 'planform';
export const UPLOADS_BUCKET = 'planform-uploads';
export const RENDERS_BUCKET = 'planform-renders';
export const USER_POOL_NAME = 'planform-users';
export const USER_POOL_CLIENT_NAME = 'planform-web';
export const GENERATE_STATE_MACHINE = 'planform-generate';
export const stateMachineArn = (name: string) =>
  `arn:aws:states:${LOCAL_REGION}:${LOCAL_ACCOUNT}:stateMachine:${name}`;
export const lambdaArn = (name: string) => `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${name}`;
export const DEFAULT_ADMIN_EMAIL = 'admin@planform.local';
