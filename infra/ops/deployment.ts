/**
 * A deployment's settings for the operator's commands, read from the deployed stacks with the operator's own AWS
 * credentials and region (the SDK's default chain: environment, profile, SSO): the tables, the media bucket and the
 * app's origin from the data and web stacks' outputs, and the personal data key from Secrets Manager, which the
 * events' personal fields need.
 */
import { CloudFormationClient, DescribeStacksCommand, type Output } from '@aws-sdk/client-cloudformation';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** A stack's outputs by key; outputs without a value are left out. */
export function outputsByKey(outputs: readonly Output[] | undefined): Record<string, string> {
  return Object.fromEntries(
    (outputs ?? []).flatMap((o) => (o.OutputKey && o.OutputValue !== undefined ? [[o.OutputKey, o.OutputValue]] : [])),
  );
}

async function stackOutputs(client: CloudFormationClient, stackName: string): Promise<Record<string, string>> {
  const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName }));
  return outputsByKey(Stacks?.[0]?.Outputs);
}

async function secretString(client: SecretsManagerClient, secretId: string): Promise<string> {
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (typeof SecretString !== 'string') throw new Error(`The secret ${secretId} holds no string`);
  return SecretString;
}

/** The settings functions/platform/env.ts reads, for the deployment whose stacks are named `<prefix>data` and `<prefix>web`. */
export async function deploymentEnvironment(prefix: string): Promise<Record<string, string>> {
  const cloudFormation = new CloudFormationClient({});
  const secrets = new SecretsManagerClient({});
  try {
    const region = await cloudFormation.config.region();
    const [data, web] = await Promise.all([stackOutputs(cloudFormation, `${prefix}data`), stackOutputs(cloudFormation, `${prefix}web`)]);
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
      PERSONAL_DATA_SECRET: await secretString(secrets, output(data, 'data', 'PersonalDataSecretId')),
    };
  } finally {
    cloudFormation.destroy();
    secrets.destroy();
  }
}
