/**
 * The server's schemas are zod/mini (a Lambda bundle carries no more of zod than it uses), and zod/mini comes with no
 * messages: an issue would read only "Invalid input". English messages ("Too small: expected string to have >=1
 * characters") for the 400s' `message` and `fields`, for the configuration's errors and for the logs.
 */
import * as z from 'zod/mini';
import { en } from 'zod/locales';

z.config(en());
