import { DeleteOutlined } from '@ant-design/icons';
import { SmsCode, SmsMsg } from '@phonecloud/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Modal, Result, Spin } from 'antd';
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../../api';
import { ContactAvatar } from '../../../components/ContactAvatar';
import { toast } from '../../../components/toast';
import { detailQuery, messagesOf } from '../api/sms-queries';
import { whoOf } from '../format/contact-name';
import { fullTarget, SmsRoute } from '../state/routes';
import { T } from '../texts';
import { MessageList } from './MessageList';
import { useConversationActions } from './use-conversation-actions';

// The contacts area's route of one contact (spec 001 §2: tapping the name goes to the contact).
const contactRoute = (id: number) => `#/contact/index/${id}`;

/** full/{id}: one conversation, opened at its newest message or at the message the id names. */
export function SmsDetailPane() {
  const { id = '' } = useParams();
  const { address, anchor } = fullTarget(id);
  return <Conversation key={address} address={address} anchor={anchor} />;
}

function Conversation({ address, anchor }: { address: string; anchor: string | null }) {
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const query = useInfiniteQuery(detailQuery(address, anchor));
  const { data, isPending, isError, error, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const messages = useMemo(() => messagesOf(data), [data]);
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const count = data?.pages[0]?.count ?? messages.length;
  const { onFavourite, onDelete, removeConversation, anchorDeleted } = useConversationActions(
    address,
    anchor,
    count,
    modal,
  );
  // detail.do answers the anchor in its first page when it is there: without it, it is gone
  // (deleted on the phone) and the conversation opens at its newest message.
  const anchorMissing =
    anchor !== null && !anchorDeleted && data !== undefined && !messages.some((m) => m.server_id === anchor);
  useEffect(() => {
    if (anchorMissing) toast.error(SmsMsg.NOT_FOUND);
  }, [anchorMissing]);

  if (isPending) return <Spin className="sms-loading" />;
  if (isError) {
    const gone = isApiError(error) && error.code === SmsCode.NOT_FOUND;
    return (
      <Result
        className="sms-detail-failed"
        status={gone ? 'info' : 'warning'}
        title={gone ? SmsMsg.NOT_FOUND : error.message}
        extra={
          gone ? (
            <Button onClick={() => navigate(SmsRoute.index)}>{T.backToList}</Button>
          ) : (
            <Button onClick={() => void refetch()}>{T.retry}</Button>
          )
        }
      />
    );
  }

  const first = data.pages[0];
  const who = whoOf(address, first?.contactIcon_list ?? {});

  const name = who.contact?.contact_id ? (
    <a className="sms-detail__name" href={contactRoute(who.contact.contact_id)} title={T.openContact}>
      {who.name}
    </a>
  ) : (
    <span className="sms-detail__name">{who.name}</span>
  );

  return (
    <article className="sms-detail" aria-label={who.name} data-address={address}>
      {modalHolder}
      <header className="sms-detail__head">
        <ContactAvatar name={who.contact ? who.name : ''} url={who.contact?.avatar || null} size={44} />
        <div className="sms-detail__who">
          <h2 className="sms-detail__title">{name}</h2>
          <div className="sms-detail__sub">
            {who.unnamed ? SmsMsg.NO_NICKNAME : who.name !== address ? address : null}
            <span className="sms-detail__count">{T.count(count)}</span>
          </div>
        </div>
        <Button icon={<DeleteOutlined />} danger onClick={removeConversation} className="sms-detail__delete">
          {T.delete}
        </Button>
      </header>
      <MessageList
        messages={messages}
        anchor={anchor}
        hasOlder={hasNextPage}
        loadingOlder={isFetchingNextPage}
        loadOlder={loadOlder}
        onFavourite={onFavourite}
        onDelete={onDelete}
      />
    </article>
  );
}
