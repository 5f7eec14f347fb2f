// Next steps by stage (issue 16): for each spiritual status, a few suggested things to do with the person, each one tap
// from a follow-up (its type and how many days ahead). Free of zod and database imports, like shared/vocabulary.ts.
import { msg } from './i18n';
import type { FollowUpType, SpiritualStatus } from './vocabulary';

export interface NextStep {
  /** The step in a few words, marked for translation: it becomes the follow-up's description (in the reader's language). */
  text: string;
  /** The follow-up type it is scheduled as. */
  type: FollowUpType;
  /** Days from today the follow-up is suggested for. */
  inDays: number;
}

/** How many activities with a person since their status last changed before Sower asks 'Any changes spiritually?'. */
export const SPIRITUAL_CHECK_AFTER = 3;

export const nextSteps: Record<SpiritualStatus, readonly NextStep[]> = {
  unknown: [
    { text: msg('Ask how they are doing and really listen'), type: 'meeting', inDays: 3 },
    { text: msg('Ask what they believe about God'), type: 'meeting', inDays: 7 },
    { text: msg('Share how you came to faith'), type: 'meeting', inDays: 14 },
  ],
  exploring: [
    { text: msg('Ask what questions they have about faith'), type: 'meeting', inDays: 3 },
    { text: msg('Share your own story of faith'), type: 'meeting', inDays: 7 },
    { text: msg('Invite them to a meal or coffee'), type: 'text', inDays: 5 },
    { text: msg('Offer to pray for something they face'), type: 'phone', inDays: 2 },
  ],
  seeking: [
    { text: msg('Read a Gospel together'), type: 'study', inDays: 3 },
    { text: msg('Share the good news of Jesus clearly'), type: 'meeting', inDays: 7 },
    { text: msg('Invite them to church or a small group'), type: 'text', inDays: 5 },
    { text: msg('Answer a question they are wrestling with'), type: 'phone', inDays: 2 },
  ],
  new_believer: [
    { text: msg('Help them tell their story'), type: 'meeting', inDays: 3 },
    { text: msg('Start reading the Bible together each week'), type: 'study', inDays: 7 },
    { text: msg('Teach them to pray in their own words'), type: 'meeting', inDays: 5 },
    { text: msg('Talk with them about baptism'), type: 'meeting', inDays: 14 },
  ],
  growing: [
    { text: msg('Study a book of the Bible together'), type: 'study', inDays: 7 },
    { text: msg('Help them find a way to serve'), type: 'meeting', inDays: 14 },
    { text: msg('Pray together for their friends by name'), type: 'phone', inDays: 5 },
  ],
  mature: [
    { text: msg('Invite them to share the gospel with you'), type: 'meeting', inDays: 7 },
    { text: msg('Ask whom they are discipling'), type: 'phone', inDays: 14 },
    { text: msg('Encourage them to lead a small group'), type: 'meeting', inDays: 21 },
  ],
};
