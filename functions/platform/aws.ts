/** AWS SDK clients, created once per process. Endpoints come from the standard AWS_ENDPOINT_URL_<SERVICE> variables. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { SESv2Client } from '@aws-sdk/client-sesv2';

/**
 * Without these the SDK waits for an answer forever (its requestTimeout only warns unless told to throw): a hung
 * DynamoDB, SQS, S3 or SES call would hold a Lambda until the function's own timeout. A call that outlasts them fails as
 * a TimeoutError, which the edge answers 503: 8 s is far above these services' usual answer, even on a busy local
 * machine, and below an HTTP function's 10 s (HTTP_FUNCTION_TIMEOUT_SECONDS), so the function answers before Lambda
 * ends it. The request timeout runs until the answer's headers: an object's body streamed after them is not cut short.
 */
export const AWS_CLIENT_TIMEOUTS = { connectionTimeout: 1_000, requestTimeout: 8_000, throwOnRequestTimeout: true } as const;

let dynamo: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let sqs: SQSClient | undefined;
let ses: SESv2Client | undefined;

export function dynamoClient(): DynamoDBDocumentClient {
  dynamo ??= DynamoDBDocumentClient.from(new DynamoDBClient({ maxAttempts: 3, requestHandler: AWS_CLIENT_TIMEOUTS }), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return dynamo;
}

export function s3Client(): S3Client {
  // Emulators and LocalStack serve buckets by path, not by virtual host.
  s3 ??= new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true', requestHandler: AWS_CLIENT_TIMEOUTS });
  return s3;
}

export function sqsClient(): SQSClient {
  // Calls go to the configured endpoint, not to the host in a queue's URL: the same host in AWS, and locally the
  // endpoint is what the tests' fault proxy sits on.
  sqs ??= new SQSClient({ requestHandler: AWS_CLIENT_TIMEOUTS, useQueueUrlAsEndpoint: false });
  return sqs;
}

export function sesClient(): SESv2Client {
  ses ??= new SESv2Client({ requestHandler: AWS_CLIENT_TIMEOUTS });
  return ses;
}

const queueUrls = new Map<string, Promise<string>>();

/**
 * For the local cloud, which sets the endpoints after modules load: the next call makes each client again from the
 * environment as it is now, so a process that starts one cloud after another (the bench's sections, the local cloud's
 * restart test) reaches the one running, not one it stopped.
 */
export function resetAwsClients() {
  for (const client of [dynamo, s3, sqs, ses]) client?.destroy();
  dynamo = s3 = sqs = ses = undefined;
  queueUrls.clear();
}

/** A queue's URL by its name, asked once per process (a failed ask is asked again next time). */
export function queueUrl(name: string): Promise<string> {
  let url = queueUrls.get(name);
  if (!url) {
    url = sqsClient()
      .send(new GetQueueUrlCommand({ QueueName: name }))
      .then((out) => out.QueueUrl!);
    url.catch(() => queueUrls.delete(name));
    queueUrls.set(name, url);
  }
  return url;
}
