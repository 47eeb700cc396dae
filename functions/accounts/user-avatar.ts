/**
 * A listener's avatar as the app stores and serves it: never the uploaded file itself, but its pixels decoded and
 * encoded again as a 400 × 400 JPEG. A photo's metadata (EXIF: the GPS position it was taken at, the camera, the
 * time) and anything else riding in the file stay behind; so does a file that only claims to be an image.
 */
import type { ImageType } from '../platform/image-type.js';
import { resizeImage, type ImageTarget, type ResizedImage } from '../catalogue/index.js';

/** The SPA's crop dialog sends a 400 × 400 square; an API client's image is cropped to its centre the same way. */
const USER_AVATAR: ImageTarget = { width: 400, height: 400, minWidth: 32, minHeight: 32, label: 'an avatar', upload: 'the avatar' };
export const USER_AVATAR_TYPE: ImageType = { contentType: 'image/jpeg', extension: 'jpg' };

/** The avatar made from an uploaded JPEG or PNG, or why the upload cannot be one. */
export const reencodedAvatar = (bytes: Uint8Array): Promise<ResizedImage> => resizeImage(bytes, USER_AVATAR);
