/** SDK clients on the test run's emulators, for assertions on what handlers stored. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  LOCAL_CREDENTIALS,
  LOCAL_REGION,
  RENDERS_BUCKET,
  TABLE_NAME,
  UPLOADS_BUCKET,
} from '../../infra/local/names';
import { localCloud } from '../../infra/local/testing';

let docClient: DynamoDBDocumentClient | undefined;
let s3Client: S3Client | undefined;

export const localAws = {
  table: TABLE_NAME,
  uploadsBucket: UPLOADS_BUCKET,
  rendersBucket: RENDERS_BUCKET,
  doc(): DynamoDBDocumentClient {
    docClient ??= DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: LOCAL_REGION,
        credentials: LOCAL_CREDENTIALS,
        endpoint: localCloud().endpoints.dynamodb,
      }),
    );
    return docClient;
  },
  s3(): S3Client {
    s3Client ??= new S3Client({
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      endpoint: localCloud().endpoints.s3,
      forcePathStyle: true,
    });
    return s3Client;
  },
};

/** Every object key in a bucket (all pages), or those starting with `prefix`. */
export async function keysIn(bucket: string, prefix?: string): Promise<string[]> {
  const found: string[] = [];
  let token: string | undefined;
  do {
    const page = await localAws
      .s3()
      .send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token, Prefix: prefix }));
    found.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.NextContinuationToken;
  } while (token);
  return found;
}
