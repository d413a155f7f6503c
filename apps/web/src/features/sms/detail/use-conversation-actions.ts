import { type SmsItem, SmsMsg } from '@phonecloud/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { Modal } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/toast';
import { smsCalls } from '../api/sms-calls';
import {
  dropConversation,
  dropMessageFromCache,
  noteWrite,
  setLockedInCache,
  syncSms,
  syncVersionOf,
} from '../api/sms-queries';
import { failureText } from '../api/write-failure';
import { useAreaState } from '../state/area-state';
import { SmsRoute } from '../state/routes';
import { T } from '../texts';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/**
 * The writes of an open conversation: from a bubble's popup the favourite on or off and deleting
 * the one message, and 删除会话; each deletion after a confirm. `anchorDeleted`: the marked
 * message of full/{address}.{id} was deleted here (gone on purpose, not "not found").
 */
export function useConversationActions(
  address: string,
  anchor: string | null,
  count: number,
  modal: ModalApi,
) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { tab } = useAreaState();
  const [anchorDeleted, setAnchorDeleted] = useState(false);

  const favourite = useCallback(
    async (sms: SmsItem, on: boolean) => {
      try {
        const r = await smsCalls.favourite(syncVersionOf(qc), sms.server_id, on);
        noteWrite(qc, r.sync_version);
        setLockedInCache(qc, address, sms.server_id, on);
        toast.success(on ? SmsMsg.FAVOURITE_ON : SmsMsg.FAVOURITE_OFF);
      } catch (e) {
        const text = failureText(e);
        if (text) toast.error(text);
      }
      // The favourites tab follows; after a refusal the screen learns the box's current version.
      await syncSms(qc, tab).catch(() => undefined);
    },
    [qc, address, tab],
  );

  const onFavourite = useCallback((sms: SmsItem, on: boolean) => void favourite(sms, on), [favourite]);

  // One message, after a confirm. Its conversation's last message takes the conversation with
  // it (back to the list).
  const removeMessage = useCallback(
    async (sms: SmsItem, last: boolean) => {
      try {
        const r = await smsCalls.removeMessage(syncVersionOf(qc), sms.server_id);
        noteWrite(qc, r.sync_version);
      } catch (e) {
        const text = failureText(e);
        if (text) toast.error(text);
        await syncSms(qc, tab).catch(() => undefined);
        return;
      }
      toast.success(SmsMsg.MESSAGE_DELETED);
      if (last) {
        navigate(SmsRoute.index);
        dropConversation(qc, address);
      } else {
        if (sms.server_id === anchor) setAnchorDeleted(true);
        dropMessageFromCache(qc, address, sms.server_id);
      }
      await syncSms(qc, tab).catch(() => undefined);
    },
    [qc, address, anchor, navigate, tab],
  );
  const onDelete = useCallback(
    (sms: SmsItem) =>
      void modal.confirm({
        title: T.deleteMessage,
        content: SmsMsg.MESSAGE_DELETE_CONFIRM,
        okText: T.deleteMessageItem,
        okButtonProps: { danger: true },
        cancelText: T.cancel,
        onOk: () => removeMessage(sms, count <= 1),
      }),
    [modal, removeMessage, count],
  );

  const removeConversation = useRemoveConversation(address, modal);

  return { onFavourite, onDelete, removeConversation, anchorDeleted };
}

/** 删除会话: after a confirm, the whole conversation; the address goes back to the list. */
function useRemoveConversation(address: string, modal: ModalApi): () => void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { tab } = useAreaState();
  const removeConversation = useCallback(
    () =>
      void modal.confirm({
        title: T.delete,
        content: SmsMsg.DELETE_CONFIRM,
        okText: T.delete,
        okButtonProps: { danger: true },
        cancelText: T.cancel,
        onOk: async () => {
          try {
            const r = await smsCalls.remove(syncVersionOf(qc), address);
            noteWrite(qc, r.sync_version);
          } catch (e) {
            const text = failureText(e);
            if (text) toast.error(text);
            await syncSms(qc, tab).catch(() => undefined);
            return;
          }
          toast.success(SmsMsg.DELETED);
          navigate(SmsRoute.index);
          dropConversation(qc, address);
          await syncSms(qc, tab).catch(() => undefined);
        },
      }),
    [modal, qc, address, navigate, tab],
  );

  return removeConversation;
}
