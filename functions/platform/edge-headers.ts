/**
 * The headers CloudFront adds to each request it sends the API (infra/aws/web-stack.ts), and the local gateway as it
 * stands in for CloudFront (infra/local/gateway.ts). A module of its own, without imports: the CDK app and the local
 * cloud read it without loading the functions.
 */

/** The origin secret: a request without it did not come through CloudFront. */
export const ORIGIN_HEADER = 'x-toko-origin';
/** `<ip>:<port>` of the viewer as CloudFront saw it; CloudFront sets it, whatever the viewer sent. */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/**
 * The only pages another site may show in a frame: the embeddable players (`/embed/album/{id}`). Every other answer
 * forbids framing (X-Frame-Options DENY, frame-ancestors 'none'). CloudFront's behaviour for them takes this pattern;
 * the local gateway asks `isFramablePath`.
 */
export const FRAMABLE_PATH_PATTERN = '/embed/*';
export const isFramablePath = (pathname: string): boolean => pathname.startsWith('/embed/');
