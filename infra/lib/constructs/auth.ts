import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { ADMIN_GROUPS, PASSWORD_POLICY } from '../../../shared/constants';
import { acknowledge, wildcardResource } from '../nag';
import { PlanformFunction } from './lambda-function';

export interface AuthProps {
  readonly table: dynamodb.ITableV2;
  /** `https://…` without a trailing slash: the e-mail links point here. */
  readonly siteUrl: string;
  /** E-mail of the initial super admin; Cognito e-mails a temporary password. No user when absent. */
  readonly adminEmail?: string;
  /**
   * Cognito threat protection (Plus feature plan, enforced). Off by default: it is billed per monthly active user.
   */
  readonly threatProtection?: boolean;
}

/**
 * Cognito user pool: e-mail sign-in and self sign-up, verification e-mails whose link is built by the
 * CustomMessage trigger, the strong password policy, groups `admin` and `super_admin`, the SPA's app client, the
 * PostConfirmation trigger that writes the profile, and optionally the initial super admin.
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  readonly customMessageFn: PlanformFunction;
  readonly postConfirmationFn: PlanformFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.customMessageFn = new PlanformFunction(this, 'CustomMessage', {
      entry: 'functions/triggers/custom-message.ts',
      description: 'Cognito CustomMessage trigger: verification and reset e-mails with links to the site',
      memorySize: 256,
      timeout: Duration.seconds(5),
      environment: { SITE_URL: props.siteUrl },
      invokedBy: 'Cognito CustomMessage trigger',
    });

    this.postConfirmationFn = new PlanformFunction(this, 'PostConfirmation', {
      entry: 'functions/triggers/post-confirmation.ts',
      description: 'Cognito PostConfirmation trigger: writes the profile item (role user)',
      memorySize: 512,
      timeout: Duration.seconds(5),
      environment: { TABLE_NAME: props.table.tableName },
      invokedBy: 'Cognito PostConfirmation trigger',
    });
    // createProfile: TransactWriteItems (Put profile + ADD counters), then GetItem when the profile exists.
    props.table.grant(
      this.postConfirmationFn.role,
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:GetItem',
    );

    const threatProtection = props.threatProtection ?? false;
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // The CustomMessage trigger turns the code into a link to {site}/auth/confirm.
      userVerification: { emailStyle: cognito.VerificationEmailStyle.CODE },
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(7) },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      featurePlan: threatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      standardThreatProtectionMode: threatProtection
        ? cognito.StandardThreatProtectionMode.FULL_FUNCTION
        : undefined,
      lambdaTriggers: {
        customMessage: this.customMessageFn.function,
        postConfirmation: this.postConfirmationFn.function,
      },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const groups = Object.fromEntries(
      ADMIN_GROUPS.map((groupName, i) => [
        groupName,
        new cognito.UserPoolGroup(this, `Group-${groupName}`, {
          userPool: this.userPool,
          groupName,
          // Lower precedence wins when a user is in both groups: super_admin first.
          precedence: ADMIN_GROUPS.length - i,
          description:
            groupName === 'super_admin'
              ? 'Super administrators: manage everything, including other super admins'
              : 'Administrators: manage users (user/admin) and templates, view jobs, health and storage; only super admins manage settings',
        }),
      ]),
    ) as Record<(typeof ADMIN_GROUPS)[number], cognito.UserPoolGroup>;

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: 'planform-web',
      // A single-page app cannot keep a secret.
      generateSecret: false,
      // SRP in AWS; USER_PASSWORD_AUTH for environments without SRP (cognito-local). Refresh tokens are implied.
      authFlows: { userSrp: true, userPassword: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    if (props.adminEmail) {
      const adminUser = new cognito.CfnUserPoolUser(this, 'InitialSuperAdmin', {
        userPoolId: this.userPool.userPoolId,
        username: props.adminEmail,
        userAttributes: [
          { name: 'email', value: props.adminEmail },
          { name: 'email_verified', value: 'true' },
        ],
        desiredDeliveryMediums: ['EMAIL'],
      });
      const membership = new cognito.CfnUserPoolUserToGroupAttachment(this, 'InitialSuperAdminGroup', {
        userPoolId: this.userPool.userPoolId,
        groupName: groups.super_admin.groupName,
        username: props.adminEmail,
      });
      membership.node.addDependency(adminUser, groups.super_admin);
    }

    acknowledge(this.userPool, {
      'AwsSolutions-COG2':
        'MFA is not part of the product sign-in flow (spec: e-mail + password); strong passwords are enforced (COG1) and MFA can be enabled later without data migration.',
      ...(threatProtection
        ? {}
        : {
            'AwsSolutions-COG8':
              'Threat protection (Plus feature plan) is billed per monthly active user; enable it with the context value threatProtection=true.',
          }),
    });
    acknowledge(this.postConfirmationFn, {
      [`AwsSolutions-IAM5[${wildcardResource(this, `${props.table.tableArn}/index/*`)}]`]:
        'CDK grants table actions on the table and its indexes; the trigger only writes items by primary key.',
    });
  }
}
