// A prayer request's row as its list, activity logging and the account's export read it.
import { prayerRequests } from '../../db/schema';

export const prayerColumns = {
  id: prayerRequests.id,
  contactId: prayerRequests.contactId,
  request: prayerRequests.request,
  date: prayerRequests.date,
  answered: prayerRequests.answered,
  answerNotes: prayerRequests.answerNotes,
  answerDate: prayerRequests.answerDate,
  prayedCount: prayerRequests.prayedCount,
  createdAt: prayerRequests.createdAt,
  teamId: prayerRequests.teamId,
  createdBy: prayerRequests.createdBy,
};
