/** Creates what the local cloud needs on first start, and nothing twice: table, buckets, user pool, admin. */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolsCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import {
  CreateBucketCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/lib/db/client';
import { keys } from '../../functions/lib/db/keys';
import { createProfile, getProfile } from '../../functions/lib/db/profiles';
import { ensureDefaultSettings } from '../../functions/lib/db/settings';
import { createTemplate, type TemplateItem } from '../../functions/lib/db/templates';
import { newId } from '../../functions/lib/ids';
import { migrateProjectStatuses } from '../../functions/tasks/migrate-project-status';
import { PASSWORD_POLICY } from '../../shared/constants';
import { createTableInput, TTL_ATTRIBUTE } from '../lib/table-design';
import { RENDERS_BUCKET, TABLE_NAME, UPLOADS_BUCKET, USER_POOL_CLIENT_NAME, USER_POOL_NAME } from './names';

export interface PoolIds {
  userPoolId: string;
  clientId: string;
}

export async function ensureTable(client: DynamoDBClient): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: TABLE_NAME }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(TABLE_NAME)));
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: TABLE_NAME,
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    }),
  );
}

export async function ensureBuckets(client: S3Client, siteOrigin: string): Promise<void> {
  for (const bucket of [UPLOADS_BUCKET, RENDERS_BUCKET]) {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      // Only a missing bucket is created; anything else (a broken store, say) must surface.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404)
        throw error;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
    }
    await client.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [siteOrigin],
              AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD'],
              AllowedHeaders: ['*'],
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      }),
    );
  }
}

export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  stateFile: string,
): Promise<PoolIds> {
  if (existsSync(stateFile)) {
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as PoolIds;
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    if (pools.UserPools?.some((p) => p.Id === saved.userPoolId)) return saved;
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: USER_POOL_NAME,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
          RequireSymbols: PASSWORD_POLICY.requireSymbols,
        },
      },
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: USER_POOL_CLIENT_NAME,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  for (const group of ['admin', 'super_admin']) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
  }
  const ids = { userPoolId, clientId: appClient.UserPoolClient!.ClientId! };
  writeFileSync(stateFile, JSON.stringify(ids, null, 2));
  return ids;
}

export function generatePassword(): string {
  // Meets the pool policy whatever the random part holds.
  return `Pf-${randomBytes(9).toString('base64url')}7a!K`;
}

export interface AdminCredentials {
  email: string;
  password: string;
  source: 'env' | 'generated' | 'saved';
}

export function resolveAdminCredentials(credentialsFile: string, defaultEmail: string): AdminCredentials {
  const email = process.env.LOCAL_ADMIN_EMAIL?.trim().toLowerCase();
  const password = process.env.LOCAL_ADMIN_PASSWORD;
  if (email && password) return { email, password, source: 'env' };
  if (existsSync(credentialsFile)) {
    const saved = JSON.parse(readFileSync(credentialsFile, 'utf8')) as { email: string; password: string };
    if (!email || saved.email === email) return { ...saved, source: 'saved' };
  }
  const generated = { email: email ?? defaultEmail, password: generatePassword() };
  writeFileSync(credentialsFile, JSON.stringify(generated, null, 2), { mode: 0o600 });
  return { ...generated, source: 'generated' };
}

/** The super admin: a confirmed user in the super_admin group, with its profile. Password kept in sync. */
export async function ensureSuperAdmin(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  admin: AdminCredentials,
): Promise<string> {
  let sub: string | undefined;
  try {
    const user = await client.send(
      new AdminGetUserCommand({ UserPoolId: userPoolId, Username: admin.email }),
    );
    sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: admin.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: admin.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  }
  if (!sub) throw new Error('The seeded super admin has no sub attribute');
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: admin.email,
      Password: admin.password,
      Permanent: true,
    }),
  );
  await client.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: userPoolId,
      Username: admin.email,
      GroupName: 'super_admin',
    }),
  );
  if (!(await getProfile(sub))) await createProfile({ id: sub, email: admin.email, role: 'super_admin' });
  return sub;
}

/**
 * The visualization template the generation flow uses until an admin writes another. Its placeholders are the
 * ones the pipeline fills (functions/lib/generation/prompts.ts fillTemplate).
 */
export const SEED_VISUALIZATION_TEMPLATE = {
  name: 'Architectural visualization',
  category: 'visualization',
  template: [
    'Create a {style} architectural visualization of the project "{project_title}" from the supplied 2D drawing.',
    'Keep the walls, openings and proportions of the drawing exactly where they are; turn its linework into',
    'believable 3D massing with real materials and soft, physically plausible light.',
    'Brief from the architect: {prompt}.',
    'Variation {variation}: {variation_suffix}.',
    'Project notes: {project_description} Tags: {project_tags}.',
    'No text, labels, watermarks or people in the foreground.',
  ].join(' '),
  variables: [
    'style',
    'project_title',
    'prompt',
    'variation',
    'variation_suffix',
    'project_description',
    'project_tags',
  ],
  isActive: true,
} as const;

async function writeOnce(name: string): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.seedMarker(name), type: 'seed', at: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * The role counters (STATS/ROLES) for a table written before they existed: counted once from the profiles
 * index (start-up only, never in a request path); afterwards every role change keeps them.
 */
async function ensureRoleCounts(): Promise<void> {
  const counts = { admin: 0, super_admin: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.profilesPartition },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.role === 'admin' || item.role === 'super_admin')
        counts[item.role as 'admin' | 'super_admin']++;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.roleCounts, ...counts },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * The admin console's defaults, on first start only (a marker item makes it idempotent, and what an admin
 * deletes later stays deleted): the known settings with their defaults and an active visualization template.
 */
export async function ensureAdminDefaults(): Promise<void> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.roleCounts }));
  if (!Item) await ensureRoleCounts();
  // Data written before project status followed generations (once per table).
  const statusMigration = keys.seedMarker('project-status-v2');
  if (!(await db().send(new GetCommand({ TableName: tableName(), Key: statusMigration }))).Item) {
    await migrateProjectStatuses();
    await writeOnce('project-status-v2');
  }
  if (!(await writeOnce('admin-defaults-v1'))) return;
  await ensureDefaultSettings();
  const now = new Date();
  const template: TemplateItem = {
    id: newId(now.getTime()),
    ...SEED_VISUALIZATION_TEMPLATE,
    variables: [...SEED_VISUALIZATION_TEMPLATE.variables],
    usageCount: 0,
    successCount: 0,
    failureCount: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await createTemplate(template, (t) => ({
    id: newId(now.getTime()),
    at: now.toISOString(),
    actorId: 'system',
    actorEmail: 'seed',
    action: 'template.create',
    targetType: 'template',
    targetId: t.id,
    before: null,
    after: { name: t.name, category: t.category, isActive: t.isActive },
  }));
}
