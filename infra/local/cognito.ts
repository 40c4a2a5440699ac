/**
 * cognito-local, run in-process and mounted at /_local/cognito on the app's origin. Wired by hand instead of
 * `createDefaultServer` so that: its data lives under the data directory; e-mails go to the dev mailbox; the
 * CustomMessage and PostConfirmation triggers run our real trigger handlers; and two gaps of the emulator
 * are filled in front of it (password policy on sign-up/reset, and GetTokensFromRefreshToken, which Amplify 6
 * uses to refresh and cognito-local lacks).
 */
import './bootstrap';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { passwordProblems } from '../../shared/schemas/auth';
import { writeFileAtomic } from './atomic-file';
import type { Mailbox } from './mailbox';

const require = createRequire(import.meta.url);
// cognito-local has no public API for composing its services; these are its own building blocks.
const services = require('cognito-local/lib/services/index.js');
const { CognitoServiceFactoryImpl } = require('cognito-local/lib/services/cognitoService.js');
const { CryptoService } = require('cognito-local/lib/services/crypto.js');
const { StormDBDataStoreFactory } = require('cognito-local/lib/services/dataStore/stormDb.js');
const { MessageDeliveryService } = require('cognito-local/lib/services/messageDelivery/messageDelivery.js');
const { otp } = require('cognito-local/lib/services/otp.js');
const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator.js');
const { UserPoolServiceFactoryImpl } = require('cognito-local/lib/services/userPoolService.js');
const { DefaultConfig } = require('cognito-local/lib/server/config.js');
const { Router } = require('cognito-local/lib/server/Router.js');
const { createServer } = require('cognito-local/lib/server/server.js');
const pino = require(require.resolve('pino', { paths: [require.resolve('cognito-local/package.json')] }));

/**
 * cognito-local keeps each pool in a StormDB JSON file that it rewrites in place on every sign-in; a kill mid-write
 * would empty it. Writes go to a temporary file renamed over the original instead, one at a time per file.
 */
function makeStormDbWritesAtomic() {
  const LocalEngine = require(
    require.resolve('stormdb/src/engine/local.js', {
      paths: [require.resolve('cognito-local/package.json')],
    }),
  );
  if (LocalEngine.prototype.__atomic) return;
  const queues = new Map<string, Promise<void>>();
  LocalEngine.prototype.write = function write(
    this: { path: string; async: boolean; serialize: (d: unknown) => string },
    data: unknown,
  ) {
    const text = this.serialize(data);
    const path = this.path;
    if (!this.async) {
      writeFileAtomic(path, text);
      return null;
    }
    const next = (queues.get(path) ?? Promise.resolve()).then(async () => {
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, text);
      await rename(tmp, path);
    });
    queues.set(
      path,
      next.catch(() => undefined),
    );
    return next;
  };
  LocalEngine.prototype.__atomic = true;
}
makeStormDbWritesAtomic();

export type TriggerInvoker = (name: string, event: unknown) => Promise<unknown>;

export interface CognitoLocal {
  /** Handles a request whose URL has the mount prefix already removed. */
  handle(req: IncomingMessage, res: ServerResponse, body: Buffer): void;
}

const CODE_PLACEHOLDER = '{####}';

/**
 * cognito-local signs tokens with a private key published in its package, so anyone could forge a token it would
 * accept. This data directory's own key replaces it (in the key objects the token generator and the JWKS route
 * share), made on first start and kept beside the user pool so sessions survive a restart.
 */
export function replaceSigningKey(directory: string): { kid: string; n: string } {
  const file = join(directory, 'signing-key.json');
  let key: { pem: string; jwk: JsonWebKey };
  if (existsSync(file)) key = JSON.parse(readFileSync(file, 'utf8')) as typeof key;
  else {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    key = {
      pem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      jwk: publicKey.export({ format: 'jwk' }),
    };
    writeFileSync(file, JSON.stringify(key), { mode: 0o600 });
  }
  const jwk = { kty: 'RSA', e: key.jwk.e!, n: key.jwk.n!, kid: 'CognitoLocal', alg: 'RS256', use: 'sig' };
  const bundledPrivate = require('cognito-local/lib/keys/cognitoLocal.private.json') as {
    pem: string;
    jwk: object;
  };
  const bundledPublic = require('cognito-local/lib/keys/cognitoLocal.public.json') as {
    pem: string;
    jwk: object;
  };
  bundledPrivate.pem = key.pem;
  bundledPrivate.jwk = jwk;
  bundledPublic.jwk = jwk;
  bundledPublic.pem = createPublicKey(key.pem).export({ type: 'spki', format: 'pem' }).toString();
  return { kid: jwk.kid, n: jwk.n };
}

/**
 * The Cognito calls a browser makes (no AWS credentials): everything else (Admin*, pool and group management) is
 * for the local cloud's own processes, which sign their requests with this run's credentials.
 */
export const PUBLIC_COGNITO_TARGETS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUser',
  'GlobalSignOut',
  'RevokeToken',
  'GetTokensFromRefreshToken',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
]);

/** Whether a request is signed (SigV4) with this access key id: the local cloud's processes' credentials. */
export function signedWith(authorization: string | undefined, accessKeyId: string): boolean {
  return !!authorization && new RegExp(`^AWS4-HMAC-SHA256 Credential=${accessKeyId}/`).test(authorization);
}

export async function createCognitoLocal(options: {
  directory: string;
  issuerDomain: string;
  mailbox: Mailbox;
  invokeTrigger: TriggerInvoker;
  /** Admin calls must be signed with this access key id (the local cloud's own credentials). */
  adminAccessKeyId: string;
}): Promise<CognitoLocal> {
  mkdirSync(options.directory, { recursive: true });
  replaceSigningKey(options.directory);
  const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'silent' });
  const ctx = { logger };
  const config = {
    ...DefaultConfig,
    TriggerFunctions: { CustomMessage: 'custom-message', PostConfirmation: 'post-confirmation' },
    TokenConfig: { IssuerDomain: options.issuerDomain },
    ServerConfig: { ...DefaultConfig.ServerConfig, development: false },
  };
  const clock = new services.DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(options.directory);
  const cognitoClient = await new CognitoServiceFactoryImpl(
    options.directory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);

  // Stands in for the Lambda client: runs the trigger handler in-process and answers like Invoke does.
  const lambdaClient = {
    invoke: (params: { FunctionName: string; Payload: string }) => ({
      promise: async () => {
        try {
          const result = await options.invokeTrigger(params.FunctionName, JSON.parse(params.Payload));
          return { StatusCode: 200, Payload: JSON.stringify(result) };
        } catch (error) {
          return {
            StatusCode: 200,
            FunctionError: 'Unhandled',
            Payload: JSON.stringify({ errorMessage: (error as Error).message }),
          };
        }
      },
    }),
  };
  const triggers = new services.TriggersService(
    clock,
    cognitoClient,
    new services.LambdaService(config.TriggerFunctions, lambdaClient),
    new CryptoService(config.KMSConfig),
  );
  const sender = {
    async sendEmail(_ctx: unknown, _user: unknown, destination: string, message: Record<string, string>) {
      // cognito-local replaces only the first {####}; Cognito replaces them all.
      const body = (message.emailMessage ?? `Your code is ${message.__code}`)
        .split(CODE_PLACEHOLDER)
        .join(message.__code);
      options.mailbox.deliver(destination, message.emailSubject ?? 'Your verification code', body);
    },
    async sendSms() {},
  };
  const serviceSet = {
    clock,
    cognito: cognitoClient,
    config,
    messages: new services.MessagesService(triggers, new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const app = createServer(Router(serviceSet), logger, config.ServerConfig, serviceSet).application;

  return {
    handle(req, res, body) {
      const target = String(req.headers['x-amz-target'] ?? '').split('.')[1];
      // Same origin as the app: no CORS for anyone else (cognito-local answers `*`), so a page on another site
      // can neither read an answer nor send the X-Amz-Target header a call needs.
      if (req.method === 'OPTIONS') {
        res.writeHead(403, { 'content-type': 'text/plain' });
        res.end('Cross-origin calls are not accepted');
        return;
      }
      if (
        target &&
        !PUBLIC_COGNITO_TARGETS.has(target) &&
        !signedWith(req.headers.authorization, options.adminAccessKeyId)
      ) {
        res.writeHead(403, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(
          JSON.stringify({
            __type: 'NotAuthorizedException',
            message: `${target} is an administrator call: sign it with the local cloud's credentials`,
          }),
        );
        return;
      }
      const setHeader = res.setHeader.bind(res);
      res.setHeader = (name: string, value: number | string | readonly string[]) =>
        name.toLowerCase().startsWith('access-control-') ? res : setHeader(name, value);
      let payload: Record<string, unknown> | undefined;
      if (req.method === 'POST' && target) {
        try {
          payload = JSON.parse(body.toString('utf8') || '{}');
        } catch {
          payload = {};
        }
        const rejected = enforcePasswordPolicy(target, payload!);
        if (rejected) {
          res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
          res.end(JSON.stringify({ __type: 'InvalidPasswordException', message: rejected }));
          return;
        }
        if (target === 'GetTokensFromRefreshToken') {
          payload = {
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: payload!.ClientId,
            AuthParameters: { REFRESH_TOKEN: payload!.RefreshToken },
          };
          // Both answer { AuthenticationResult }, so InitiateAuth's answer serves as is.
          req.headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.InitiateAuth';
        }
      }
      // express's body-parser would read the stream, which our server has consumed: hand it the parsed body.
      const expressReq = req as IncomingMessage & { body?: unknown; _body?: boolean };
      if (payload) {
        expressReq.body = payload;
        expressReq._body = true;
      }
      app(expressReq, res);
    },
  };
}

/** Cognito's own wording for a password that breaks the policy (one reason, the first that fails). */
export function enforcePasswordPolicy(target: string, payload: Record<string, unknown>): string | null {
  const field =
    target === 'SignUp' || target === 'AdminSetUserPassword'
      ? 'Password'
      : target === 'ConfirmForgotPassword'
        ? 'Password'
        : target === 'ChangePassword'
          ? 'ProposedPassword'
          : null;
  if (!field) return null;
  const password = typeof payload[field] === 'string' ? (payload[field] as string) : '';
  const [first] = passwordProblems(password);
  if (!first) return null;
  const reason: Record<string, string> = {
    'an upper-case letter': 'Password must have uppercase characters',
    'a lower-case letter': 'Password must have lowercase characters',
    'a number': 'Password must have numeric characters',
    'a symbol': 'Password must have symbol characters',
  };
  return `Password did not conform with policy: ${reason[first] ?? 'Password not long enough'}`;
}
