/** Ids as the API sends them: strings; a numeric id from an older server is read as its string. */
import { z } from 'zod/mini';

export const idSchema = z.pipe(z.union([z.string().check(z.minLength(1)), z.number()]), z.transform(String));
