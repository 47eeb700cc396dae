/** The operator's commands read a deployment's stacks and secrets with requests signed by hand: AWS's own example, and its XML. */
import { describe, expect, it } from 'vitest';
import { signRequest, stackOutputsOf } from '../../infra/ops/deployment.js';

describe('reading a deployment', () => {
  it('signs a request as AWS documents it (Signature Version 4, the IAM ListUsers example)', () => {
    const headers = signRequest(
      {
        method: 'GET',
        host: 'iam.amazonaws.com',
        query: 'Action=ListUsers&Version=2010-05-08',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: '',
      },
      'iam',
      'us-east-1',
      { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
      new Date('2015-08-30T12:36:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, SignedHeaders=content-type;host;x-amz-date, ' +
        'Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
    );
    expect(headers['x-amz-date']).toBe('20150830T123600Z');
  });

  it('signs temporary credentials with their session token', () => {
    const headers = signRequest(
      { method: 'POST', host: 'secretsmanager.eu-west-1.amazonaws.com', query: '', headers: {}, body: '{}' },
      'secretsmanager',
      'eu-west-1',
      { accessKeyId: 'AKID', secretAccessKey: 'secret', sessionToken: 'session' },
      new Date('2026-11-29T00:00:00Z'),
    );
    expect(headers['x-amz-security-token']).toBe('session');
    expect(headers.authorization).toContain('SignedHeaders=host;x-amz-date;x-amz-security-token,');
  });

  it("reads a stack's outputs from CloudFormation's answer, and nothing from its parameters", () => {
    const xml = `<DescribeStacksResponse><DescribeStacksResult><Stacks><member>
      <Parameters><member><ParameterKey>BootstrapVersion</ParameterKey><ParameterValue>/cdk</ParameterValue></member></Parameters>
      <Outputs>
        <member><Description>d</Description><OutputKey>EventsTableName</OutputKey><OutputValue>toko-events</OutputValue></member>
        <member><OutputValue>https://music.example/?a=1&amp;b=2</OutputValue><OutputKey>AppUrl</OutputKey></member>
      </Outputs>
    </member></Stacks></DescribeStacksResult></DescribeStacksResponse>`;
    expect(stackOutputsOf(xml)).toEqual({ EventsTableName: 'toko-events', AppUrl: 'https://music.example/?a=1&b=2' });
  });
});
