import type { S3Client } from "@aws-sdk/client-s3";

let client: S3Client | undefined;

/**
 * A presigned S3 PUT. Content type and length are signed headers, so the
 * browser must send exactly the file it declared (S3 answers 403 otherwise):
 * the 5 MB limit checked on the request holds for the upload too.
 */
export async function presignedPut(bucket: string, key: string, contentType: string, size: number, expiresInSeconds: number): Promise<string> {
  // Loaded on the first upload URL, so the paddle routes that hand out none never load S3.
  const [{ S3Client: Client, PutObjectCommand }, { getSignedUrl }] = await Promise.all([
    import("@aws-sdk/client-s3"),
    import("@aws-sdk/s3-request-presigner"),
  ]);
  client ??= new Client({
    region: process.env.AWS_REGION || "us-east-1",
    // Otherwise the SDK adds a CRC32 of an empty body to the URL and S3 refuses the real file.
    requestChecksumCalculation: "WHEN_REQUIRED",
  });
  return getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType, ContentLength: size }), {
    expiresIn: expiresInSeconds,
    signableHeaders: new Set(["content-type", "content-length"]),
  });
}
