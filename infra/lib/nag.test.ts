import { App, Duration, Stack, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { FEATURE_ACCESS } from './constructs/api';
import { Data } from './constructs/data';
import { Generation } from './constructs/generation';
import { PlanformFunction } from './constructs/lambda-function';
import { createAccessLogsBucket, Storage } from './constructs/storage';
import { applyNag } from './nag';
import { createTestApp } from './testing';

/** Every acknowledgement recorded in the tree: rule id, construct path, reason. */
function acknowledgements(root: IConstruct): { id: string; path: string; reason: string }[] {
  const found: { id: string; path: string; reason: string }[] = [];
  const walk = (c: IConstruct) => {
    for (const entry of c.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        found.push({ id, path: c.node.path, reason });
      }
    }
    for (const child of c.node.children) walk(child);
  };
  walk(root);
  return found;
}

// Bundling is irrelevant to the rules (they read the construct tree), so these synths skip esbuild.
describe('cdk-nag (AwsSolutions + Serverless)', () => {
  it('the app synthesizes with zero unacknowledged findings', () => {
    const { app } = createTestApp({ nag: true, bundle: false });
    expect(() => app.synth()).not.toThrow();
  });

  it('also with an initial super admin, threat protection and a custom site URL', () => {
    const { app, stack } = createTestApp({
      nag: true,
      bundle: false,
      context: {
        adminEmail: 'owner@example.com',
        threatProtection: 'true',
        siteUrl: 'https://planform.example.com',
      },
    });
    expect(() => app.synth()).not.toThrow();

    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Cognito::UserPoolUser', {
      Username: 'owner@example.com',
      UserAttributes: [
        { Name: 'email', Value: 'owner@example.com' },
        { Name: 'email_verified', Value: 'true' },
      ],
      DesiredDeliveryMediums: ['EMAIL'],
    });
    const groups = template.findResources('AWS::Cognito::UserPoolGroup', {
      Properties: { GroupName: 'super_admin' },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolUserToGroupAttachment', {
      GroupName: { Ref: Object.keys(groups)[0] },
      Username: 'owner@example.com',
    });
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: { NODE_OPTIONS: '--enable-source-maps', SITE_URL: 'https://planform.example.com' },
      },
    });
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedOrigins: Match.arrayWith(['https://planform.example.com']) })],
      },
    });
  });

  it('every acknowledgement names one rule and gives a specific reason', () => {
    const { app } = createTestApp({ nag: false, bundle: false });
    const acks = acknowledgements(app);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.id, ack.path).toMatch(
        /^(Annotation::)?(AwsSolutions|Serverless)-[A-Za-z0-9]+(\[.+\])?$|E\d+$/,
      );
      expect(ack.reason.length, `${ack.id} at ${ack.path}`).toBeGreaterThan(30);
    }
    // No blanket acknowledgements at app or stack level.
    expect(acks.filter((a) => a.path.split('/').length < 2)).toEqual([]);
  });

  it('fails synth on an unacknowledged finding (the packs are active)', () => {
    const app = new App();
    const stack = new Stack(app, 'Bad');
    new s3.Bucket(stack, 'Open', { enforceSSL: false });
    applyNag(app);
    expect(() => app.synth()).toThrow(/AwsSolutions-S10|Validation failed/);
  });
});

describe('app context', () => {
  it('rejects a malformed stage or siteUrl', () => {
    expect(() => createTestApp({ bundle: false, context: { stage: 'Prod!' } })).toThrow(/stage/);
    expect(() => createTestApp({ bundle: false, context: { siteUrl: 'http://x.example.com' } })).toThrow(
      /siteUrl/,
    );
  });

  it('names the stack after the stage', () => {
    const { stack } = createTestApp({ bundle: false, context: { stage: 'prod' } });
    expect(stack.stackName).toBe('planform-prod');
  });
});

describe('generation grants', () => {
  it('a handler granted generation access may start and describe executions of the state machine only', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'Grants');
    const storage = new Storage(stack, 'Storage', {
      siteOrigins: ['https://example.com'],
      accessLogsBucket: createAccessLogsBucket(stack, 'Logs'),
    });
    const generation = new Generation(stack, 'Generation', {
      environment: {},
      table: new Data(stack, 'Data').table,
      storage,
    });
    const fn = new PlanformFunction(stack, 'Handler', {
      entry: 'functions/api/health.ts',
      description: 'test',
      memorySize: 256,
      timeout: Duration.seconds(5),
      invokedBy: 'test',
    });
    generation.grantStartAndDescribe(fn);
    const template = Template.fromStack(stack);
    const smId = stack.getLogicalId(generation.stateMachine.node.defaultChild as never);
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: stack.getLogicalId(fn.role.node.defaultChild as never) }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: 'states:StartExecution', Resource: { Ref: smId } }),
          Match.objectLike({
            Action: 'states:DescribeExecution',
            Resource: Match.objectLike({
              'Fn::Join': ['', Match.arrayWith([':execution:', { 'Fn::GetAtt': [smId, 'Name'] }, ':*'])],
            }),
          }),
        ]),
      },
    });
  });

  it('the public health check gets no data access', () => {
    expect(FEATURE_ACCESS.health).toEqual({ table: false, objects: false, generation: false });
  });
});
