import { describe, expect, it } from 'vitest';
import {
  AVATAR_MAX_BYTES,
  checkAvatarFile,
  clampOffset,
  clampZoom,
  placeImage,
  type CropFrame,
} from '../../frontend/src/features/account/avatar-crop';
import { durationSince, statusLabel, tierLabel } from '../../frontend/src/features/account/subscription-wording';
import { formatDateTime } from '../../frontend/src/lib/format';
import type { SessionUser } from '../../frontend/src/lib/session';

const user = (fields: Partial<SessionUser>): SessionUser => ({
  id: 'u1',
  username: null,
  displayName: null,
  email: 'u1@example.com',
  emailVerified: true,
  pendingEmail: null,
  avatar: null,
  avatarUrl: null,
  avatarUpdatedAt: null,
  subscriptionTier: 'free',
  subscriptionStatus: 'inactive',
  subscriptionStartedAt: null,
  subscriptionExpiresAt: null,
  subscriptionSource: null,
  stripeSubscriptionId: null,
  isSubscriber: false,
  isAdmin: false,
  adminPermissions: [],
  isAdminAccount: false,
  requiresPassword: false,
  createdAt: null,
  ...fields,
});

describe('subscribed duration', () => {
  const now = new Date('2026-05-20T12:00:00Z');

  it('reads in days under 30 days', () => {
    expect(durationSince('2026-05-20T08:00:00Z', now)).toBe('less than a day');
    expect(durationSince('2026-05-19T12:00:00Z', now)).toBe('1 day');
    expect(durationSince('2026-04-21T12:00:00Z', now)).toBe('29 days');
  });

  it('reads in whole months from 30 days on', () => {
    expect(durationSince('2026-04-20T12:00:00Z', now)).toBe('1 month');
    expect(durationSince('2026-03-21T00:00:00Z', now)).toBe('1 month');
    expect(durationSince('2026-03-20T00:00:00Z', now)).toBe('2 months');
    expect(durationSince('2025-01-01T00:00:00Z', now)).toBe('16 months');
  });

  it('says nothing without a readable start', () => {
    expect(durationSince(null, now)).toBeNull();
    expect(durationSince('soon', now)).toBeNull();
  });
});

describe('subscription wording', () => {
  it('shows cancelled as Cancelled while the plan lasts, Not Subscribed after, and inactive as Free Access', () => {
    expect(statusLabel(user({ subscriptionStatus: 'cancelled' }))).toBe('Not Subscribed');
    expect(statusLabel(user({ subscriptionStatus: 'cancelled', subscriptionTier: 'toko_plus' }))).toBe('Cancelled');
    expect(statusLabel(user({ subscriptionStatus: 'inactive' }))).toBe('Free Access');
    expect(statusLabel(user({ subscriptionStatus: 'trialing', subscriptionTier: 'toko_plus' }))).toBe('Trialing');
  });

  it('names the plan; paid means Toko+, the subscriber flag or a Stripe subscription', () => {
    expect(tierLabel(user({}))).toBe('Free');
    expect(tierLabel(user({ subscriptionTier: 'toko_plus' }))).toBe('Toko+');
    expect(tierLabel(user({ stripeSubscriptionId: 'sub_1' }))).toBe('Toko+');
    expect(tierLabel(user({ subscriptionTier: 'admin', isAdmin: true }))).toBe('Admin');
  });
});

describe('the avatar', () => {
  it('refuses non-images and files over 5 MB before uploading', () => {
    expect(checkAvatarFile({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(checkAvatarFile({ type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 })).toEqual({
      title: 'File too large',
      description: 'Please choose an image smaller than 5MB',
    });
    expect(checkAvatarFile({ type: 'application/pdf', size: 10 })?.title).toBe('Invalid file type');
    expect(checkAvatarFile({ type: '', size: 10 })?.title).toBe('Invalid file type');
  });
});

describe('the crop maths', () => {
  const landscape: CropFrame = { imageWidth: 800, imageHeight: 400, viewport: 200, zoom: 1, offsetX: 0, offsetY: 0 };

  it('limits zoom to 0.1–5', () => {
    expect(clampZoom(0.01)).toBe(0.1);
    expect(clampZoom(7)).toBe(5);
    expect(clampZoom(2.5)).toBe(2.5);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('at zoom 1 fills the square with the short side, centred', () => {
    expect(placeImage(landscape)).toEqual({ x: -100, y: 0, width: 400, height: 200 });
  });

  it('scales the same framing to the 400x400 output', () => {
    expect(placeImage({ ...landscape, offsetX: 50 }, 400)).toEqual({ x: -100, y: 0, width: 800, height: 400 });
    expect(placeImage({ ...landscape, zoom: 2 }, 400)).toEqual({ x: -600, y: -200, width: 1600, height: 800 });
  });

  it('keeps a larger picture covering the square, and a smaller one inside it', () => {
    expect(clampOffset({ ...landscape, offsetX: 500, offsetY: -30 })).toMatchObject({ offsetX: 100, offsetY: 0 });
    const zoomedOut = clampOffset({ ...landscape, zoom: 0.25, offsetX: 500, offsetY: 500 });
    // 100x50 on screen: 50 px of slack across, 75 px down.
    expect(zoomedOut).toMatchObject({ offsetX: 50, offsetY: 75 });
    const placed = placeImage(zoomedOut);
    expect(placed.x + placed.width).toBeLessThanOrEqual(200);
    expect(placed.y + placed.height).toBeLessThanOrEqual(200);
  });

  it('crops a wide shape (a 3:1 header) the same way, covering its band', () => {
    const header: CropFrame = { imageWidth: 800, imageHeight: 800, viewport: 300, aspect: 3, zoom: 1, offsetX: 0, offsetY: 0 };
    // The 300 x 100 band: the square picture covers its width, 100 px above and below it.
    expect(placeImage(header)).toEqual({ x: 0, y: -100, width: 300, height: 300 });
    expect(placeImage(header, 1500)).toEqual({ x: 0, y: -500, width: 1500, height: 1500 });
    expect(clampOffset({ ...header, offsetX: 50, offsetY: 500 })).toMatchObject({ offsetX: 0, offsetY: 100 });
  });
});

describe('the notifications bell', () => {
  it("dates a notification as 'MMM d, h:mm a'", () => {
    expect(formatDateTime('2026-03-14T15:05:00Z', 'UTC')).toBe('Mar 14, 3:05 PM');
    expect(formatDateTime('later')).toBe('later');
  });
});
