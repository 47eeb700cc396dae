/** Outgoing mail: the SES identity of the brand's domain. Its DKIM records are outputs, to add at the DNS host. */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EmailIdentity, Identity, type IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { TokoConfig } from './config.js';

export interface MailStackProps extends StackProps {
  config: TokoConfig;
}

export class MailStack extends Stack {
  readonly identity: IEmailIdentity;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const identity = new EmailIdentity(this, 'DomainIdentity', {
      identity: Identity.domain(props.config.mailDomain),
    });
    identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        description: `CNAME to add for ${props.config.mailDomain}`,
        value: `${record.name} CNAME ${record.value}`,
      });
    });
    this.identity = identity;
  }
}
