/**
 * A deployment's settings for the operator's commands, read from the deployed stacks with the operator's own AWS
 * credentials and region (the SDK's default chain: environment, profile, SSO): the tables, the media bucket and the
 * app's origin from the data and web stacks' outputs, and the personal data key from Secrets Manager, which the
 * events' personal fields need. The two calls are signed here (Signature Version 4) rather than by two more SDK
 * clients, as the app needs neither.
 */
import { createHash, createHmac } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SignedRequest {
  method: 'GET' | 'POST';
  host: string;
  /** Query string, already encoded (`Action=ListUsers&Version=2010-05-08`), or empty. */
  query: string;
  headers: Record<string, string>;
  body: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** Signs a request to one AWS service in one region (AWS Signature Version 4): the headers it must be sent with. */
export function signRequest(
  request: SignedRequest,
  service: string,
  region: string,
  credentials: AwsCredentials,
  at: Date,
): Record<string, string> {
  const amzDate = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...request.headers,
    host: request.host,
    'x-amz-date': amzDate,
    ...(credentials.sessionToken ? { 'x-amz-security-token': credentials.sessionToken } : {}),
  };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')]));
  const signedHeaders = names.join(';');
  const canonical = [
    request.method,
    '/',
    request.query.split('&').filter(Boolean).sort().join('&'),
    names.map((name) => `${name}:${lower[name]}\n`).join(''),
    signedHeaders,
    sha256(request.body),
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The outputs of a DescribeStacks answer (CloudFormation's XML), by key. */
export function stackOutputsOf(xml: string): Record<string, string> {
  const outputs = /<Outputs>([\s\S]*?)<\/Outputs>/.exec(xml)?.[1] ?? '';
  const entries = [...outputs.matchAll(/<member>([\s\S]*?)<\/member>/g)].flatMap(([, member]) => {
    const key = /<OutputKey>([\s\S]*?)<\/OutputKey>/.exec(member)?.[1];
    const value = /<OutputValue>([\s\S]*?)<\/OutputValue>/.exec(member)?.[1];
    return key && value !== undefined ? [[unescapeXml(key), unescapeXml(value)] as const] : [];
  });
  return Object.fromEntries(entries);
}

interface Caller {
  region: string;
  credentials: AwsCredentials;
}

async function send(caller: Caller, service: string, request: Omit<SignedRequest, 'host'>): Promise<string> {
  const host = `${service}.${caller.region}.amazonaws.com`;
  const headers = signRequest({ ...request, host }, service, caller.region, caller.credentials, new Date());
  const response = await fetch(`https://${host}/${request.query ? `?${request.query}` : ''}`, {
    method: request.method,
    headers,
    body: request.method === 'POST' ? request.body : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${service} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

async function stackOutputs(caller: Caller, stackName: string): Promise<Record<string, string>> {
  const body = new URLSearchParams({ Action: 'DescribeStacks', StackName: stackName, Version: '2010-05-15' }).toString();
  const xml = await send(caller, 'cloudformation', {
    method: 'POST',
    query: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body,
  });
  return stackOutputsOf(xml);
}

async function secretString(caller: Caller, secretId: string): Promise<string> {
  const text = await send(caller, 'secretsmanager', {
    method: 'POST',
    query: '',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
    body: JSON.stringify({ SecretId: secretId }),
  });
  const answer = JSON.parse(text) as { SecretString?: unknown };
  if (typeof answer.SecretString !== 'string') throw new Error(`The secret ${secretId} holds no string`);
  return answer.SecretString;
}

/** The settings functions/lib/env.ts reads, for the deployment whose stacks are named `<prefix>data` and `<prefix>web`. */
export async function deploymentEnvironment(prefix: string): Promise<Record<string, string>> {
  const sdk = new DynamoDBClient({});
  const region = await sdk.config.region();
  const credentials = await sdk.config.credentials();
  sdk.destroy();
  const caller: Caller = { region, credentials };
  const [data, web] = await Promise.all([stackOutputs(caller, `${prefix}data`), stackOutputs(caller, `${prefix}web`)]);
  const output = (outputs: Record<string, string>, stack: string, key: string) => {
    const value = outputs[key];
    if (!value) throw new Error(`The stack ${prefix}${stack} has no output ${key}: deploy it again (npm run deploy)`);
    return value;
  };
  return {
    AWS_REGION: region,
    TABLE_EVENTS: output(data, 'data', 'EventsTableName'),
    TABLE_VIEWS: output(data, 'data', 'ViewsTableName'),
    TABLE_COUNTERS: output(data, 'data', 'CountersTableName'),
    TABLE_EPHEMERAL: output(data, 'data', 'EphemeralTableName'),
    TABLE_KEYS: output(data, 'data', 'KeysTableName'),
    MEDIA_BUCKET: output(data, 'data', 'MediaBucketName'),
    APP_ORIGIN: output(web, 'web', 'AppUrl'),
    PERSONAL_DATA_SECRET: await secretString(caller, output(data, 'data', 'PersonalDataSecretId')),
  };
}
