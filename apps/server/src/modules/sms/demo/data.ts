/** Texts of the demo box: senders and lines a Chinese phone's inbox really holds. */

export const CARRIER = {
  address: '10086',
  lines: [
    '【中国移动】尊敬的客户，您好！截至{date}，您本月已使用国内通用流量{n}GB，剩余{m}GB。',
    '【中国移动】您的话费余额为{money}元，为避免影响使用，请及时充值。回复“CZ”查询充值方式。',
    '【中国移动】您{month}月账单已出：套餐及固定费{money}元，合计{money2}元。详情登录中国移动APP查看。',
    '【中国移动】温馨提示：您已成功订购5G畅享套餐，次月生效。如有疑问请拨打10086。',
    '【中国移动】您本月积分{n}00分，可兑换话费、流量等好礼，点击 https://dx.10086.cn/ 了解详情。',
  ],
};

export const NOTICE_SENDERS: { address: string; lines: string[] }[] = [
  {
    address: '95588',
    lines: [
      '【工商银行】您尾号{card}卡{month}月{day}日{hh}:{mm}支出(消费){money}元，余额{money2}元。',
      '【工商银行】您尾号{card}卡{month}月{day}日{hh}:{mm}收入(工资){money2}元，余额{money3}元。',
      '【工商银行】您的信用卡本期账单{money}元，最后还款日{month}月{day}日，请按时还款。',
    ],
  },
  {
    address: '95555',
    lines: [
      '【招商银行】您账户{card}于{month}月{day}日{hh}:{mm}快捷支付扣款人民币{money}元。',
      '【招商银行】您的一卡通{card}账户{month}月{day}日转入人民币{money2}元，备注：房租。',
    ],
  },
  {
    address: '95533',
    lines: [
      '【建设银行】您尾号{card}的储蓄卡{month}月{day}日{hh}时{mm}分消费支出人民币{money}元，活期余额{money2}元。',
    ],
  },
  {
    address: '95338',
    lines: [
      '【顺丰速运】您的快件SF{digits12}已由{city}发出，预计明天送达，点击 sf-express.com 查看。',
      '【顺丰速运】您的快件SF{digits12}正在派送，快递员{surname}师傅（{phone}）将尽快为您送达。',
    ],
  },
  {
    address: '95311',
    lines: ['【中通快递】您的包裹{digits12}已到达{city}转运中心，请保持电话畅通。'],
  },
  {
    address: '1069012345678',
    lines: [
      '【菜鸟驿站】您的包裹已到小区东门驿站，请凭取件码{code4}于今天21:00前取件。',
      '【菜鸟驿站】取件码{code4}，您的京东包裹已到驿站，营业时间8:00-21:00。',
    ],
  },
  {
    address: '95598',
    lines: ['【国家电网】您户号{digits10}本月电费{money}元，请于{month}月{day}日前缴纳。'],
  },
  {
    address: '12306',
    lines: [
      '【铁路客服】订单E{digits10}，{surname}女士您已购{month}月{day}日G{train}次{car}车{seat}号，北京南站{hh}:{mm}开。',
    ],
  },
];

export const CODE_SENDERS: { address: string; sign: string; text: string }[] = [
  { address: '106980095188', sign: '淘宝', text: '验证码{code6}，您正在登录淘宝，若非本人操作，请勿泄露。' },
  {
    address: '1069048888',
    sign: '京东',
    text: '验证码：{code6}，您正在进行支付验证，切勿将验证码告知他人。',
  },
  { address: '106575160', sign: '微信', text: '您的验证码是{code6}，请在5分钟内完成验证。' },
  { address: '1069103688', sign: '美团', text: '{code6}（美团验证码），用于手机号登录，5分钟内有效。' },
  { address: '10690329', sign: '支付宝', text: '校验码{code6}，您正在使用支付宝，需要进行校验，请勿泄露。' },
  { address: '1065902103', sign: '滴滴出行', text: '验证码{code6}，您正在登录滴滴出行，请勿告诉他人。' },
  { address: '106550101', sign: '12306', text: '您的验证码是{code6}，10分钟内有效。' },
  { address: '1069070069', sign: '饿了么', text: '验证码{code6}，您正在登录饿了么，5分钟内有效。' },
  { address: '10657532', sign: '小红书', text: '您的验证码为{code6}，请勿转发。' },
  { address: '1069009000', sign: 'bilibili', text: '验证码{code6}，用于登录哔哩哔哩，10分钟内有效。' },
];

/** Family chats: [received, sent] pairs and single lines. */
export const FAMILY_LINES = {
  received: [
    '吃饭了吗？',
    '周末回家吃饭吗？妈给你做红烧肉 😋',
    '天冷了记得多穿点衣服🧥',
    '到家了没？',
    '你爸今天去医院复查了，医生说没事，别担心',
    '给你寄了点家里的腊肉，注意查收📦',
    '今天降温了，出门带伞☔',
    '晚上视频吗？',
    '这个月工作忙不忙？别太累了',
    '你表姐下个月结婚，记得请假回来🎉',
    '好的👌',
    '哈哈哈😂',
  ],
  sent: [
    '吃了，在公司食堂',
    '周末回去！想吃糖醋排骨🍖',
    '知道啦，放心吧',
    '刚到家',
    '那就好，让爸多休息',
    '收到了，谢谢妈❤️',
    '晚上八点视频吧',
    '还行，最近项目上线有点忙',
    '好的，我下周请假',
    '👍',
    '爱你们😘',
  ],
};

export const WORK_LINES = {
  received: [
    '明天上午十点开周会，记得准备一下进度',
    '方案我看了，整体没问题，细节下午聊',
    '客户那边说接口文档再补充一下错误码',
    'Release 2.3 今晚发布，辛苦大家🙏',
    '报销单已经批了',
    'PPT 发我邮箱一份',
    '会议室改到 3 楼大会议室了',
    'OK，收到',
    '下午有空吗？对一下需求',
    '服务器告警了，帮忙看一下 CPU',
  ],
  sent: [
    '好的，我准备一下',
    '收到，下午两点找你',
    '已经补充了，在 wiki 上',
    '没问题👌',
    '已发，请查收',
    '好的',
    '我现在看一下',
    '已处理，是定时任务跑满了',
    '明天上午可以',
    'Thanks!',
  ],
};

export const FRIEND_LINES = [
  '周五晚上撸串去不去🍻',
  '去！几点？',
  '七点，老地方',
  '生日快乐🎂🎉',
  '谢谢谢谢🙏',
  '最近怎么样？好久没见了',
  '还行，有空聚聚',
  '电影票买好了，《流浪地球》晚上 7:30',
  '到了吗？我在门口',
  '马上到🏃',
  '那家火锅真不错🔥',
  '下次再去',
];

export const CITIES = ['北京', '上海', '广州', '深圳', '杭州', '成都', '武汉', '南京'];
export const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄'];
