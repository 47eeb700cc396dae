/** Exclusive videos with their I/O: the seed and the admin panel publish through here. */
import type { EventOf } from '../../events/index.js';
import { videoDecider, videoStream, type VideoCommand } from './domain/video.js';
import { runCommand, type CommandContext } from '../platform/command.js';

export async function publishVideo(video: EventOf<'VideoPublished'>['data'], context: CommandContext) {
  return runCommand(videoStream(video.videoId), videoDecider, { type: 'PublishVideo', video }, context, undefined, { startsStream: true });
}

export async function runVideoCommand(command: Exclude<VideoCommand, { type: 'PublishVideo' }>, context: CommandContext) {
  return runCommand(videoStream(command.videoId), videoDecider, command, context);
}
