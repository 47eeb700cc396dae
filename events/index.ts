/** Every event the system records, in one registry. */
import { createRegistry } from './envelope.js';
import { catalogueEvents } from './catalogue.js';
import { PlayCompleted, PlayRecorded, PlayRefused } from './plays.js';
import {
  AlbumDownloadBuilt,
  CartCleared,
  CartItemAdded,
  CartItemRemoved,
  CartSynced,
  CheckoutStarted,
  PaymentFeeRecorded,
  PurchaseCompleted,
  PurchaseRefunded,
  RefundRequested,
  SubscriptionCancelled,
  SubscriptionEnded,
  SubscriptionRenewed,
  SubscriptionPlanChanged,
  SubscriptionResumed,
  SubscriptionStarted,
  VideoDeleted,
  VideoDetailsChanged,
  VideoHidden,
  VideoPublished,
  VideoShown,
} from './commerce.js';
import { FanSignedUp } from './band.js';
import { adminEnrolmentEvents } from './admin-enrolments.js';
import { MerchOrderPlaced } from './merch.js';
import { ArtistContractSet, StatementClosed } from './statements.js';
import { DeadLettersRedriven, StreamHealed, ViewGenerationDropped, ViewGenerationSwitched, ViewRebuildStarted } from './ops.js';
import {
  AlbumFavorited,
  AlbumUnfavorited,
  LibraryAlbumAdded,
  LibraryAlbumRemoved,
  TrackFavorited,
  TrackListened,
  TrackUnfavorited,
} from './library.js';
import { playlistEvents } from './playlists.js';
import {
  AccountBlocked,
  AccountDeleted,
  AccountUnblocked,
  AdminAppointed,
  AdminDismissed,
  AdminRecoveryCodeUsed,
  AdminSecondStepLocked,
  AdminTotpEnrolled,
  AvatarChanged,
  ComplimentaryMembershipGranted,
  ComplimentaryMembershipRevoked,
  BetaCodeRedeemed,
  EmailChangeRequested,
  EmailVerified,
  NotificationDeleted,
  NotificationSent,
  NotificationsRead,
  PasswordSet,
  ProfileChanged,
  SubscriptionTierChanged,
  UserRegistered,
  UnprovenAccessRevoked,
  UserRoleChanged,
  UserSignedIn,
} from './accounts.js';

export * from './envelope.js';
export * from './catalogue.js';
export * from './plays.js';
export * from './commerce.js';
export * from './band.js';
export * from './merch.js';
export * from './library.js';
export * from './playlists.js';
export * from './accounts.js';
export * from './admin-enrolments.js';
export * from './statements.js';
export * from './ops.js';

export const registry = createRegistry([
  ...catalogueEvents,
  PlayRecorded,
  PlayCompleted,
  PlayRefused,
  FanSignedUp,
  MerchOrderPlaced,
  LibraryAlbumAdded,
  LibraryAlbumRemoved,
  TrackFavorited,
  TrackUnfavorited,
  AlbumFavorited,
  AlbumUnfavorited,
  TrackListened,
  ...playlistEvents,
  CartItemAdded,
  CartItemRemoved,
  CartCleared,
  CartSynced,
  CheckoutStarted,
  PurchaseCompleted,
  PaymentFeeRecorded,
  RefundRequested,
  PurchaseRefunded,
  AlbumDownloadBuilt,
  SubscriptionStarted,
  SubscriptionRenewed,
  SubscriptionCancelled,
  SubscriptionResumed,
  SubscriptionPlanChanged,
  SubscriptionEnded,
  VideoPublished,
  VideoDetailsChanged,
  VideoHidden,
  VideoShown,
  VideoDeleted,
  UserRegistered,
  EmailVerified,
  UnprovenAccessRevoked,
  EmailChangeRequested,
  BetaCodeRedeemed,
  UserSignedIn,
  ProfileChanged,
  AvatarChanged,
  PasswordSet,
  UserRoleChanged,
  SubscriptionTierChanged,
  AdminTotpEnrolled,
  AdminRecoveryCodeUsed,
  AdminSecondStepLocked,
  AccountBlocked,
  AccountUnblocked,
  AccountDeleted,
  ComplimentaryMembershipGranted,
  ComplimentaryMembershipRevoked,
  AdminAppointed,
  AdminDismissed,
  ...adminEnrolmentEvents,
  NotificationSent,
  NotificationsRead,
  NotificationDeleted,
  ArtistContractSet,
  StatementClosed,
  DeadLettersRedriven,
  StreamHealed,
  ViewRebuildStarted,
  ViewGenerationSwitched,
  ViewGenerationDropped,
] as const);
export type EventType = (typeof registry.types)[number];
export type DomainEvent = ReturnType<typeof registry.upcast>;
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
