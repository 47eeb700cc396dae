/** AWS SDK clients, created once per process. Endpoints come from the standard AWS_ENDPOINT_URL_<SERVICE> variables. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { SESv2Client } from '@aws-sdk/client-sesv2';

let dynamo: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let sqs: SQSClient | undefined;
let ses: SESv2Client | undefined;

export function dynamoClient(): DynamoDBDocumentClient {
  dynamo ??= DynamoDBDocumentClient.from(new DynamoDBClient({ maxAttempts: 3 }), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return dynamo;
}

export function s3Client(): S3Client {
  // Emulators and LocalStack serve buckets by path, not by virtual host.
  s3 ??= new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true' });
  return s3;
}

export function sqsClient(): SQSClient {
  sqs ??= new SQSClient({});
  return sqs;
}

export function sesClient(): SESv2Client {
  ses ??= new SESv2Client({});
  return ses;
}
