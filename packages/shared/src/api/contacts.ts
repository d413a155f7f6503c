import { z } from 'zod';
import type { ContactContent } from '../contacts/types.js';
import { itemChange } from './sync-change.js';

/**
 * A contact's change in a sync push. The content is checked by the contacts' own rules when the
 * batch is applied (their messages name the field), so the shape lets any value through here.
 */
export const ContactChangeSchema = itemChange('content', z.custom<ContactContent>());
export type ContactChange = z.input<typeof ContactChangeSchema>;
