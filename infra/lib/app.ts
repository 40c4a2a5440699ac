import { App, type AppProps, Tags } from 'aws-cdk-lib';
import { applyNag } from './nag';
import { PlanformStack } from './planform-stack';

export const STACK_ID = 'PlanformStack';

export interface PlanformAppOptions extends AppProps {
  /** Run the cdk-nag packs (AwsSolutions, Serverless); findings make synth throw. Default true. */
  readonly nag?: boolean;
}

const contextString = (app: App, key: string): string | undefined => {
  const value = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
};

/**
 * Builds the app from context values (`cdk -c key=value` or cdk.json):
 * - `stage` (default `dev`): names the CloudFormation stack `planform-<stage>` and the CloudFront Function
 *   (`planform-<stage>-<region>-spa-rewrite`), and tags resources;
 * - `adminEmail`: the initial super admin (Cognito e-mails a temporary password);
 * - `siteUrl`: public URL of the site when not the CloudFront domain (e-mail links, CORS, SITE_URL);
 * - `threatProtection` (`true`/`false`): Cognito Plus feature plan with enforced threat protection.
 */
export function createApp(options: PlanformAppOptions = {}): { app: App; stack: PlanformStack } {
  const { nag = true, ...appProps } = options;
  const app = new App(appProps);

  const stage = contextString(app, 'stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,20}$/.test(stage)) {
    throw new Error(`Context value stage must be lower-case letters, digits and dashes: got "${stage}"`);
  }
  const siteUrl = contextString(app, 'siteUrl');
  if (siteUrl && !/^https:\/\/[^/]+\/?$/.test(siteUrl)) {
    throw new Error(
      `Context value siteUrl must be an https origin such as https://planform.example.com: got "${siteUrl}"`,
    );
  }

  const stack = new PlanformStack(app, STACK_ID, {
    stackName: `planform-${stage}`,
    description: `Planform (${stage}): 2D drawings to 3D visualizations`,
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    stage,
    adminEmail: contextString(app, 'adminEmail'),
    siteUrl,
    threatProtection: contextString(app, 'threatProtection') === 'true',
  });
  Tags.of(stack).add('project', 'planform');
  Tags.of(stack).add('stage', stage);

  if (nag) applyNag(app);
  return { app, stack };
}
