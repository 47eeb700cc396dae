/** CDK entry point (cdk.json): `npx cdk synth`, `-c prefix=staging-`, `-c domain=… -c certificateArn=…`. */
import { App } from 'aws-cdk-lib';
import { addChecks } from './checks.js';
import { configFromContext } from './config.js';
import { buildToko } from './toko.js';

const app = new App();
buildToko(app, configFromContext(app.node));
addChecks(app);
app.synth();
