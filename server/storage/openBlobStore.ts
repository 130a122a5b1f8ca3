/**
 * The configured blob store: the local folder (DATA_DIR/blobs) by default, or an S3 bucket
 * (BLOB_STORE_URL=s3://bucket[/prefix]) through the AWS SDK. The SDK client is built from values
 * read out of the same environment as the rest of the config; what is unset there (region,
 * credentials, endpoint) the SDK looks up itself, as it always does (profiles, instance roles).
 */
import { S3Client } from '@aws-sdk/client-s3';
import { ConfigError } from '../config';
import type { BlobStoreConfig } from '../storageConfig';
import type { BlobStore } from './blobStore';
import { openLocalBlobStore } from './localBlobStore';
import { checkBucket, createS3BlobStore } from './s3BlobStore';

/**
 * Model downloads stream from the bucket through the API, one connection each for as long as the
 * browser takes; the SDK's default pool (50) would make other blob requests wait behind slow phones.
 */
const MAX_S3_SOCKETS = 256;

export function s3ClientOf(config: Extract<BlobStoreConfig, { kind: 's3' }>): S3Client {
  return new S3Client({
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.region ? { region: config.region } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    requestHandler: { httpAgent: { maxSockets: MAX_S3_SOCKETS }, httpsAgent: { maxSockets: MAX_S3_SOCKETS } },
  });
}

/**
 * Opens the store; a bucket is checked once here, so a wrong endpoint, bucket, region or key stops
 * the start with a ConfigError naming BLOB_STORE_URL rather than failing the first upload.
 */
export async function openBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  if (config.kind === 'local') return openLocalBlobStore(config.root);
  const client = s3ClientOf(config);
  try {
    await checkBucket(client, config.bucket);
  } catch (error) {
    client.destroy();
    throw new ConfigError([`BLOB_STORE_URL: ${error instanceof Error ? error.message : String(error)}`]);
  }
  return createS3BlobStore({ client, bucket: config.bucket, prefix: config.prefix });
}
