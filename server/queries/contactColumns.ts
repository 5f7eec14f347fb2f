// A contact's own columns, as every answer about a contact holds them: declared here once, below the routers that read
// them (contacts, merging, the account's export), so merging needs no import from the contacts router that serves it.
import { contacts } from '../../db/schema';

export const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  spiritualStatus: contacts.spiritualStatus,
  notes: contacts.notes,
  createdAt: contacts.createdAt,
  teamId: contacts.teamId,
  createdBy: contacts.createdBy,
};
