/**
 * CDK entry point (cdk.json): `npx cdk synth`, `-c prefix=staging-`, `-c domain=… -c certificateArn=…`,
 * `-c target=localstack` for the variant LocalStack's free edition runs (localstack.ts).
 */
import { App } from 'aws-cdk-lib';
import { addChecks } from './checks.js';
import { configFromContext } from './config.js';
import { buildLocalStackToko } from './localstack.js';
import { buildToko } from './toko.js';

const app = new App();
const config = configFromContext(app.node);
if (config.target === 'localstack') buildLocalStackToko(app, config);
else buildToko(app, config);
addChecks(app);
app.synth();
