import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Aws, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct, type IConstruct } from 'constructs';
import type { RuntimeConfig } from '../../../shared/schemas/config';
import { acknowledge, flattenReference, wildcardResource } from '../nag';
import { repoPath } from '../paths';
import { contentSecurityPolicy, PERMISSIONS_POLICY } from '../security-headers';
import { privateBucketProps } from './storage';

/** Where `npm run build:web` writes the SPA. */
export const WEB_DIST = 'web/dist';

/**
 * CloudFront Function (viewer request, default behaviour only): `/` is served /landing.html (index.html with the
 * landing page prerendered, see web/prerender.ts); other SPA routes, i.e. paths whose last segment has no file
 * extension, are served /index.html. Files (`/assets/x.js`, `/config.json`) pass through, so a missing file
 * stays a 404 (403 from S3) and /api/* never reaches this behaviour.
 */
export const SPA_REWRITE_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (uri === '/') {
    request.uri = '/landing.html';
  } else if (uri.indexOf('/api/') !== 0 && lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/** The HTML entry points (revalidated on every load, unlike the hashed assets). */
const ENTRY_FILES = ['index.html', 'landing.html'];

/**
 * CloudFront Function names are unique per account (CloudFront is global), so the name carries the stage (and, as
 * CDK's default name did, the Region): two stages can share an account. At most 9 + 21 + 1 + 14 + 12 = 57 of the
 * 64 characters allowed.
 */
export const spaRewriteFunctionName = (stage: string, region: string) =>
  `planform-${stage}-${region}-spa-rewrite`;

/** Served when web/dist was not built at synth time (tests, infra-only synths). */
const PLACEHOLDER_INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Planform</title></head><body><p>Planform: the web app was not built. Run <code>npm run build</code> and deploy again.</p></body></html>';

export interface WebProps {
  /** The deployment stage (context `stage`): CloudFront Function names are unique per account, so they carry it. */
  readonly stage: string;
  /** Overrides the site URL (e.g. a custom domain in front of the distribution). Default: the CloudFront URL. */
  readonly siteUrl?: string;
  /** Receives the S3 server access logs of the site bucket and the CloudFront standard logs. */
  readonly accessLogsBucket: s3.IBucket;
}

/**
 * Hosting: the SPA in a private bucket behind CloudFront (Origin Access Control) with security headers, an SPA
 * rewrite function and, once `routeApi` is called, `/api/*` routed to the HTTP API. Created before the features
 * that need the site URL (e-mail links, CORS); the API and the deployment of the SPA and its config.json are
 * attached afterwards.
 */
export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;
  readonly spaRewrite: cloudfront.Function;
  /** The public site URL (`https://…`, no trailing slash): the siteUrl override or the CloudFront URL. */
  readonly siteUrl: string;
  /** `https://<distribution>.cloudfront.net` */
  readonly distributionUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      ...privateBucketProps(props.accessLogsBucket, 'site'),
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      functionName: spaRewriteFunctionName(props.stage, Stack.of(this).region),
      comment:
        'Serve /landing.html for / and /index.html for other SPA routes (paths without a file extension)',
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    const region = Aws.REGION;
    const s3Hosts = [`https://*.s3.${region}.amazonaws.com`, 'https://*.s3.amazonaws.com'];
    const csp = contentSecurityPolicy(
      { storage: s3Hosts, auth: [`https://cognito-idp.${region}.amazonaws.com`] },
      { upgradeInsecureRequests: true },
    );

    this.responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Planform security headers',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        // Not overriding: the public share API sends its own `no-referrer`, which must reach the browser.
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: false,
        },
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Permissions-Policy',
            value: PERMISSIONS_POLICY,
            override: true,
          },
        ],
      },
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Planform: SPA and /api',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
        functionAssociations: [
          { function: this.spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
    });

    this.distributionUrl = `https://${this.distribution.distributionDomainName}`;
    this.siteUrl = props.siteUrl ? props.siteUrl.replace(/\/$/, '') : this.distributionUrl;

    acknowledge(this.distribution, {
      'AwsSolutions-CFR1': 'Planform is offered worldwide; no country is restricted.',
      'AwsSolutions-CFR2':
        'No AWS WAF web ACL yet (per-request cost; a CloudFront web ACL must live in us-east-1). The API has stage throttling and every data route requires a Cognito JWT.',
      'AwsSolutions-CFR4':
        'Uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes (TLSv1); a custom domain with an ACM certificate and TLSv1.2_2021 is the remedy when one is configured.',
    });
  }

  /** Routes `/api/*` to the HTTP API: no caching, every method, all viewer headers except Host. */
  routeApi(httpApi: apigw.IHttpApi): void {
    // apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com
    const apiDomain = Fn.select(2, Fn.split('/', httpApi.apiEndpoint));
    this.distribution.addBehavior(
      '/api/*',
      new origins.HttpOrigin(apiDomain, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      }),
      {
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
      },
    );
  }

  /**
   * Deploys the SPA build (hashed assets: long-lived cache; old ones kept for open tabs) and, beside it,
   * index.html, landing.html and config.json (revalidated on every load, invalidated on deploy). When web/dist was
   * not built, placeholders are deployed so synth works without a web build.
   */
  deploySite(config: RuntimeConfig): void {
    const dist = repoPath(WEB_DIST);
    const built = ENTRY_FILES.every((file) => existsSync(join(dist, file)));

    let assets: s3deploy.BucketDeployment | undefined;
    if (built) {
      assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        destinationBucket: this.bucket,
        sources: [s3deploy.Source.asset(dist, { exclude: [...ENTRY_FILES, 'config.json'] })],
        prune: false,
        memoryLimit: 512,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      });
    }

    const entry = new s3deploy.BucketDeployment(this, 'DeployEntry', {
      destinationBucket: this.bucket,
      sources: [
        ...ENTRY_FILES.map((file) =>
          s3deploy.Source.data(file, built ? readFileSync(join(dist, file), 'utf8') : PLACEHOLDER_INDEX),
        ),
        s3deploy.Source.jsonData('config.json', config),
      ],
      prune: false,
      memoryLimit: 512,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/', ...ENTRY_FILES.map((file) => `/${file}`), '/config.json'],
    });
    if (assets) entry.node.addDependency(assets);

    acknowledgeBucketDeploymentProvider(Stack.of(this), this.bucket);
  }
}

/**
 * The singleton Lambda CDK's BucketDeployment runs on (one per stack and memory size); CDK owns its code and role.
 * Call after every BucketDeployment of the stack exists (its policy is complete then).
 */
function acknowledgeBucketDeploymentProvider(stack: Stack, destination: s3.IBucket): void {
  const providers = stack.node.children.filter((c: IConstruct) =>
    c.node.id.startsWith('Custom::CDKBucketDeployment'),
  );
  for (const provider of providers) {
    const cdkOwned = 'CDK BucketDeployment provider (CDK-owned code and role, runs only during deployments)';
    acknowledge(provider, {
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]': `${cdkOwned}: CloudWatch Logs permissions via the AWS managed basic execution policy.`,
      'AwsSolutions-IAM5[Action::s3:GetObject*]': `${cdkOwned}: reads the asset zip files and site objects.`,
      'AwsSolutions-IAM5[Action::s3:GetBucket*]': `${cdkOwned}: reads the asset and site bucket metadata.`,
      'AwsSolutions-IAM5[Action::s3:List*]': `${cdkOwned}: lists the asset and site buckets.`,
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]': `${cdkOwned}: replaces objects in the site bucket.`,
      'AwsSolutions-IAM5[Action::s3:Abort*]': `${cdkOwned}: aborts failed multipart uploads to the site bucket.`,
      [`AwsSolutions-IAM5[${wildcardResource(stack, `${destination.bucketArn}/*`)}]`]: `${cdkOwned}: writes the SPA objects to the site bucket.`,
      'AwsSolutions-IAM5[Resource::*]': `${cdkOwned}: cloudfront:CreateInvalidation/GetInvalidation do not support resource-level permissions.`,
      'AwsSolutions-L1': `${cdkOwned}: CDK chooses and updates its runtime.`,
      'Serverless-LambdaLatestVersion': `${cdkOwned}: CDK chooses and updates its runtime.`,
      'Serverless-LambdaDLQ': `${cdkOwned}: invoked by CloudFormation, which receives the result (a failure fails the deployment).`,
      'Serverless-LambdaTracing': `${cdkOwned}: deployment-time only; tracing adds nothing.`,
    });
    // Objects of the CDK bootstrap (assets) bucket: its name depends on the bootstrap qualifier, account and region,
    // so take it from the role's policy.
    const policy = provider.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy')
      ?.node.defaultChild;
    if (policy instanceof iam.CfnPolicy) {
      const document = stack.resolve(policy.policyDocument) as { Statement?: { Resource?: unknown }[] };
      for (const statement of document.Statement ?? []) {
        const resources = Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
        for (const resource of resources.map(flattenReference)) {
          if (/cdk-[a-z0-9]+-assets-.*\/\*$/.test(resource)) {
            acknowledge(provider, {
              [`AwsSolutions-IAM5[Resource::${resource}]`]: `${cdkOwned}: reads this deployment's asset zip files from the CDK bootstrap bucket.`,
            });
          }
        }
      }
    }
  }
}
