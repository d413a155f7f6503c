/** Shapes of the SMS calls (spec 001 §3, §7). */

/** One message (spec: SMS item). */
export interface SmsItem {
  server_id: string;
  content: {
    /** The conversation address, normalised (dashes, spaces and +86 stripped). */
    format_address: string;
    body: string;
    /** Milliseconds since the epoch. */
    date: number;
    /** 1 received; anything else sent. */
    type: number;
    /** 1 favourite, 0 not. */
    locked: number;
    // Not in the spec: the pictures of an MMS, as paths under SmsApi.mmsFile.
    attachments?: string[];
  };
  optime: number;
}

/** One conversation of the list (spec: conversation summary). */
export interface SmsConversation {
  format_address: string;
  /** Messages in the conversation. */
  count: number;
  /** Date of the newest message, ms since the epoch. */
  format_date: number;
  /** server_id of the newest message (its text is in sms_list). */
  server_id: string;
}

/** Contact shown for an address: the contacts book's entry with that phone number. */
export interface SmsContactIcon {
  name: { display_name: string }[];
  // Not in the spec: the contact's id in the contacts area and its avatar path ('' for none).
  contact_id?: number;
  avatar?: string;
}

/** list.do / refresh.do data (spec: SMS data). */
export interface SmsData {
  sync_version: number;
  /** Newest message of each listed conversation and every favourite message, keyed by server_id. */
  sms_list: Record<string, SmsItem>;
  /** Conversations, newest first (messages tab). */
  collection_list: SmsConversation[];
  /** Conversations with at least one locked message, newest first (favourites tab). */
  favourite_list: SmsConversation[];
  contactIcon_list: Record<string, SmsContactIcon>;
  /**
   * Not in the spec, refresh.do only: the addresses of conversations gone since the anchor. A
   * refresh answers only the conversations that changed (and these), empty lists when nothing did.
   */
  removed?: string[];
}

/** detail.do data: one conversation's messages, oldest first. */
export interface SmsDetail {
  sync_version: number;
  format_address: string;
  count: number;
  sms_list: SmsItem[];
  /** Not in the spec: paging of a long conversation; `before` the server_id to ask older from. */
  has_more: boolean;
  contactIcon_list: Record<string, SmsContactIcon>;
}

/** search.do data (product call; the spec's rules of §5). */
export interface SmsSearchResult {
  name_matches: SmsConversation[];
  body_matches: SmsItem[];
  body_total: number;
  contactIcon_list: Record<string, SmsContactIcon>;
}

/** favourite.do answer (spec: sync_version, optime). */
export interface SmsFavouriteResult {
  sync_version: number;
  optime: number;
}
