/**
 * The CloudFront KeyValueStore client the page list (page-list.ts) uses, with the JS SigV4a signer registered: the
 * KeyValueStore API accepts SigV4a only. One module, built into the pre-render consumer's layer as
 * `toko-page-list-client` (infra/aws/lambda.ts), so the signer registers with the client's own copy of the SDK.
 */
import '@aws-sdk/signature-v4a';

export {
  CloudFrontKeyValueStoreClient,
  ConflictException,
  DeleteKeyCommand,
  DescribeKeyValueStoreCommand,
  GetKeyCommand,
  PutKeyCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
