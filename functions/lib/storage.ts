import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

let client: S3Client | undefined;

/** Path-style addressing is configuration (S3_FORCE_PATH_STYLE), needed by S3 emulators. */
export function s3(): S3Client {
  client ??= new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true' });
  return client;
}

export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

/** A storage-safe file name: ASCII letters, digits, dot, dash and underscore; the extension kept. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+/, '')
    .slice(-120);
  return cleaned || 'file';
}

export async function presignUpload(input: {
  bucket: string;
  key: string;
  contentType: string;
  maxBytes: number;
}): Promise<{ url: string; fields: Record<string, string> }> {
  return createPresignedPost(s3(), {
    Bucket: input.bucket,
    Key: input.key,
    Conditions: [
      ['content-length-range', 1, input.maxBytes],
      ['eq', '$Content-Type', input.contentType],
    ],
    Fields: { 'Content-Type': input.contentType },
    Expires: UPLOAD_URL_TTL_SECONDS,
  });
}

/**
 * The name a download is saved under: no directory parts (`../../etc/x.dxf` → `x.dxf`), no control, bidi-override
 * (`invoice\u202Egnp.exe` would show as `invoiceexe.png`) or reserved characters, at most 150 characters with the extension kept; "download" when nothing is left.
 */
export function downloadName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    // Hidden names: `.png` alone is an extension without a name; leading dots go.
    .replace(/^\.([^.]{1,9})$/, 'download.$1')
    .replace(/^\.+/, '');
  if (!base) return 'download';
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  const stem = base
    .slice(0, base.length - extension.length)
    .slice(0, 150 - extension.length)
    .trim();
  return stem ? `${stem}${extension}` : `download${extension}`;
}

/** RFC 6266/5987 attachment header that keeps any original name (UTF-8), with an ASCII fallback. */
export function attachmentDisposition(name: string): string {
  const fileName = downloadName(name);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function presignDownload(bucket: string, key: string, fileName: string): Promise<string> {
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: bucket,
      Key: key,
      ResponseContentDisposition: attachmentDisposition(fileName),
    }),
    { expiresIn: DOWNLOAD_URL_TTL_SECONDS },
  );
}

export function presignView(
  bucket: string,
  key: string,
  expiresIn = DOWNLOAD_URL_TTL_SECONDS,
): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn });
}

/** The stored object's size, or null when there is none. */
export async function objectSize(bucket: string, key: string): Promise<number | null> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (error instanceof NotFound || error instanceof NoSuchKey || (error as Error).name === 'NotFound')
      return null;
    throw error;
  }
}

export async function readHead(bucket: string, key: string, bytes: number): Promise<Buffer> {
  const object = await s3().send(
    new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
  );
  return Buffer.from(await object.Body!.transformToByteArray());
}

export async function deleteObjects(bucket: string, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    if (chunk.length === 0) continue;
    await s3().send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
}

/**
 * Where a browser's presigned upload lands: under `incoming/` until the upload is completed (checked, then copied
 * to `storagePath`). What is never completed — abandoned uploads, a POST used after its project was deleted —
 * expires there (an S3 lifecycle rule in AWS, the upload sweeper locally), never counted.
 */
export const INCOMING_PREFIX = 'incoming/';
export const incomingKeyOf = (storagePath: string) => `${INCOMING_PREFIX}${storagePath}`;

export async function copyObject(bucket: string, from: string, to: string): Promise<void> {
  await s3().send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: to,
      CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
    }),
  );
}

/** Where a file's preview lives: keyed by the random file id only, so a shared URL reveals no user or project. */
export const previewKeyOf = (fileId: string, extension: string) => `previews/${fileId}.${extension}`;

export async function readObject(bucket: string, key: string): Promise<Buffer> {
  const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

export async function writeObject(
  bucket: string,
  key: string,
  body: Buffer,
  contentType: string,
): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}
