import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge, wildcardResource } from '../nag';

export interface StorageProps {
  /** Origins the SPA runs on (`https://…`): browsers upload and download with presigned URLs from them. */
  readonly siteOrigins: string[];
  /** Receives the S3 server access logs of these buckets. */
  readonly accessLogsBucket: s3.IBucket;
}

/** Private, TLS-only, S3-encrypted bucket without ACLs, with server access logs (uploads, renders, site). */
export function privateBucketProps(accessLogsBucket: s3.IBucket, logPrefix: string): s3.BucketProps {
  return {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: s3.BucketEncryption.S3_MANAGED,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    serverAccessLogsBucket: accessLogsBucket,
    serverAccessLogsPrefix: `${logPrefix}/`,
  };
}

/**
 * Users' drawings (uploads) and generated images (renders). Browsers reach both only through presigned URLs
 * (POST/PUT to upload, GET to view), hence CORS for the site origin. Versioned, with old versions kept 30 days,
 * so an accidental overwrite or delete can be undone.
 */
export class Storage extends Construct {
  readonly uploadsBucket: s3.Bucket;
  readonly rendersBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);

    const dataBucket = (bucketId: string, logPrefix: string, extraRules: s3.LifecycleRule[] = []) =>
      new s3.Bucket(this, bucketId, {
        ...privateBucketProps(props.accessLogsBucket, logPrefix),
        versioned: true,
        removalPolicy: RemovalPolicy.RETAIN,
        cors: [
          {
            allowedOrigins: props.siteOrigins,
            allowedMethods: [
              s3.HttpMethods.GET,
              s3.HttpMethods.HEAD,
              s3.HttpMethods.PUT,
              s3.HttpMethods.POST,
            ],
            allowedHeaders: ['*'],
            exposedHeaders: ['ETag'],
            maxAge: 3000,
          },
        ],
        lifecycleRules: [
          { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
          { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(30) },
          ...extraRules,
        ],
      });

    // Presigned uploads land under incoming/ and are copied out when completed: what is left there a day later
    // was never completed (or was posted after its project was deleted) and expires, never counted.
    this.uploadsBucket = dataBucket('Uploads', 'uploads', [
      { id: 'expire-uploads-never-completed', prefix: 'incoming/', expiration: Duration.days(1) },
    ]);
    this.rendersBucket = dataBucket('Renders', 'renders');
  }

  /**
   * Object access for a handler: read, write (also what presigned POST/PUT/GET URLs it signs allow) and delete
   * objects in both buckets. No bucket-level actions.
   */
  grantObjects(role: iam.IRole, scope: Construct): void {
    for (const bucket of [this.uploadsBucket, this.rendersBucket]) {
      const objects = bucket.arnForObjects('*');
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
          resources: [objects],
        }),
      );
      acknowledge(scope, {
        [`AwsSolutions-IAM5[${wildcardResource(scope, objects)}]`]: `Object-level access to the ${bucket === this.uploadsBucket ? 'uploads' : 'renders'} bucket: object keys are per user and per project, chosen by the handler (no bucket-level actions granted).`,
      });
    }
  }
}

/**
 * Destination of the S3 server access logs and the CloudFront standard logs (which need ACLs: bucket owner
 * preferred). Logs expire after 90 days.
 */
export function createAccessLogsBucket(scope: Construct, id: string): s3.Bucket {
  const bucket = new s3.Bucket(scope, id, {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: s3.BucketEncryption.S3_MANAGED,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
    removalPolicy: RemovalPolicy.RETAIN,
    lifecycleRules: [
      { id: 'expire-logs', expiration: Duration.days(90) },
      { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
    ],
  });
  // No server access logs for the log bucket itself (cdk-nag S1 accepts a bucket that receives other buckets' logs).
  return bucket;
}
