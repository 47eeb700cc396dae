import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerDeployment, isDeploymentRequest, type DeploymentRequest } from './deployment-request.js';

const answers: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
const server = createServer((req, res) => {
  let text = '';
  req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  req.on('end', () => {
    answers.push({ headers: req.headers, body: JSON.parse(text) as Record<string, unknown> });
    res.end();
  });
});
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/response?signed=1`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const request = (type: DeploymentRequest['RequestType']): DeploymentRequest => ({
  RequestType: type,
  ResponseURL: url,
  StackId: 'stack',
  RequestId: `request-${type}`,
  LogicalResourceId: 'RenderAllPages',
});

describe('a deployment request', () => {
  it('is told apart from a queue batch', () => {
    expect(isDeploymentRequest(request('Create'))).toBe(true);
    expect(isDeploymentRequest({ Records: [] })).toBe(false);
  });

  it('runs the work on creation and answers its result, without a Content-Type', async () => {
    let runs = 0;
    await answerDeployment(request('Create'), () => Promise.resolve({ Pages: String(++runs) }));
    expect(runs).toBe(1);
    const answer = answers.at(-1)!;
    expect(answer.headers['content-type']).toBeUndefined();
    expect(answer.body).toEqual({
      Status: 'SUCCESS',
      Data: { Pages: '1' },
      PhysicalResourceId: 'RenderAllPages',
      StackId: 'stack',
      RequestId: 'request-Create',
      LogicalResourceId: 'RenderAllPages',
    });
  });

  it('answers a failure with its reason, and a deletion without running the work', async () => {
    await answerDeployment(request('Update'), () => Promise.reject(new Error('no template')));
    expect(answers.at(-1)!.body).toMatchObject({ Status: 'FAILED', Reason: 'no template' });
    let runs = 0;
    await answerDeployment(request('Delete'), () => Promise.resolve({ Pages: String(++runs) }));
    expect(runs).toBe(0);
    expect(answers.at(-1)!.body).toMatchObject({ Status: 'SUCCESS', RequestId: 'request-Delete' });
  });
});
