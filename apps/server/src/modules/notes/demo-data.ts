/** The demo account's notes: realistic content a phone owner would keep. */

export interface DemoNote {
  title: string;
  /** Plain lines; '[ ] ' and '[x] ' start checklist lines. */
  lines: string[];
  classify: number;
  top?: number;
  image?: string;
  record?: boolean;
}

export const DEMO_NOTES: DemoNote[] = [
  {
    title: '周末采购',
    lines: ['[x] 牛奶 两盒', '[ ] 鸡蛋 一打', '[ ] 西红柿', '[ ] 洗衣液', '[x] 面包'],
    classify: 0,
    top: 1,
  },
  {
    title: '读书笔记\u001f《活着》',
    lines: ['人是为活着本身而活着，而不是为了活着之外的任何事物所活着。', '第三章 福贵回家那段写得很克制。'],
    classify: 2,
  },
  {
    title: '旅行清单',
    lines: ['[x] 身份证', '[x] 充电宝', '[ ] 雨伞', '[ ] 防晒霜', '[ ] 转换插头'],
    classify: 1,
    image: '#4a90d9',
  },
  {
    title: '会议纪要 周一例会',
    lines: ['1. 第三季度目标复盘', '2. 新版本上线时间定在下月初', '3. 周五前提交测试报告'],
    classify: 2,
  },
  {
    title: '健身计划',
    lines: ['[x] 周一 跑步 5 公里', '[ ] 周三 游泳 1 小时', '[ ] 周五 力量训练', '[ ] 周日 骑行'],
    classify: 3,
  },
  { title: '家里 WiFi', lines: ['名称：Home-5G', '路由器在书房书架第二层'], classify: 0 },
  { title: '语音备忘', lines: ['早上的想法，路上录的'], classify: 1, record: true },
  { title: '妈妈生日礼物', lines: ['[ ] 围巾（浅灰色）', '[ ] 订蛋糕', '[x] 预订餐厅'], classify: 3, top: 1 },
  {
    title: '车辆保养',
    lines: ['上次保养：38000 公里', '下次：43000 公里或六个月后', '机油型号 5W-30'],
    classify: 2,
  },
  {
    title: '菜谱 番茄炒蛋',
    lines: ['鸡蛋打散加少许盐', '番茄切块先炒出汁', '最后放葱花'],
    classify: 0,
    image: '#e0533d',
  },
  { title: '快递单号', lines: ['顺丰 SF1234567890', '京东 JD0098765432'], classify: 1 },
  { title: '学英语', lines: ['[x] 背单词 30 个', '[ ] 听力 20 分钟', '[ ] 读一篇短文'], classify: 2 },
  { title: '装修预算', lines: ['客厅地板 8000', '厨房橱柜 12000', '灯具 3000', '合计约 23000'], classify: 3 },
  { title: '电影想看', lines: ['[ ] 流浪地球', '[x] 你好，李焕英', '[ ] 长津湖'], classify: 1 },
  { title: '孩子学校通知', lines: ['下周三家长会 下午两点', '带上成绩单'], classify: 0, image: '#f5c342' },
  { title: '灵感', lines: ['做一个记录每日步数的小程序', '界面用卡片式'], classify: 2 },
  { title: '药品清单', lines: ['[x] 感冒灵', '[ ] 创可贴', '[ ] 体温计电池'], classify: 3 },
  {
    title: '年度目标',
    lines: ['[ ] 读完 24 本书', '[ ] 学会游泳', '[x] 存下一笔应急金', '[ ] 带父母旅行一次'],
    classify: 0,
    top: 1,
  },
  { title: '公司地址', lines: ['北京市海淀区中关村大街 1 号', '地铁 4 号线 海淀黄庄站 A 口'], classify: 1 },
  { title: '房租', lines: ['每月 5 日前转账', '房东 王先生'], classify: 2 },
  {
    title: '植物浇水',
    lines: ['[x] 绿萝 每周两次', '[ ] 多肉 两周一次', '[ ] 发财树 十天一次'],
    classify: 1,
    image: '#5cb85c',
  },
  { title: '待办 本周', lines: ['[ ] 交水电费', '[x] 取快递', '[ ] 给车加油', '[ ] 预约理发'], classify: 3 },
  {
    title: '旅行 杭州',
    lines: ['西湖 断桥 雷峰塔', '灵隐寺早上去人少', '晚上吃片儿川'],
    classify: 2,
    image: '#7ec8e3',
  },
  { title: '密码提示', lines: ['银行卡密码提示：老家门牌号', '（不写密码本身）'], classify: 0 },
  { title: '生日', lines: ['爸爸 农历八月十五', '姐姐 3 月 12 日'], classify: 3 },
  { title: '工作 周报要点', lines: ['完成登录页改版', '修复 12 个问题', '下周：性能优化'], classify: 2 },
  { title: '书单', lines: ['[x] 三体', '[ ] 百年孤独', '[ ] 人类简史', '[x] 围城'], classify: 1 },
  { title: '宠物', lines: ['猫粮快吃完了', '疫苗 11 月到期'], classify: 0 },
  { title: '租车信息', lines: ['取车 周五 9:00 机场 T3', '还车 周日 18:00'], classify: 3 },
  { title: '面试准备', lines: ['[x] 简历更新', '[ ] 准备项目介绍', '[ ] 了解公司产品'], classify: 2 },
  { title: '早餐店', lines: ['小区门口 豆浆油条 6:30 开门'], classify: 0 },
  { title: '摄影', lines: ['日落时间 18:42', '带三脚架'], classify: 1, image: '#ff9f43' },
  { title: '保险', lines: ['车险 明年 3 月到期', '医疗险 自动续费'], classify: 3 },
  { title: '信用卡还款', lines: ['每月 20 日', '开通自动还款'], classify: 2 },
  { title: '家务分工', lines: ['[x] 周一 倒垃圾', '[ ] 周三 拖地', '[ ] 周六 洗床单'], classify: 1 },
  { title: '音乐', lines: ['最近循环：晴天、稻香', '演唱会 12 月'], classify: 0 },
  { title: '学车', lines: ['科目二 下周二 8:00', '记得带身份证'], classify: 3 },
  { title: '朋友聚会', lines: ['周六晚 6 点 火锅', '人数 8 人', '[ ] 订位', '[x] 建群'], classify: 2 },
  { title: '体检', lines: ['空腹', '上午 8 点前到'], classify: 1 },
  {
    title: '搬家',
    lines: ['[ ] 联系搬家公司', '[ ] 打包书籍', '[ ] 更改快递地址', '[x] 退押金'],
    classify: 0,
  },
  { title: '旧物清理', lines: ['旧手机 2 台 回收', '衣服捐赠'], classify: 3 },
  { title: '灵感 摄影构图', lines: ['三分法', '前景增加层次'], classify: 2, image: '#9b59b6' },
];

/** Two notes already in the recycle bin. */
export const DEMO_RECYCLED: DemoNote[] = [
  { title: '旧的购物清单', lines: ['[x] 酱油', '[x] 大米'], classify: 0 },
  { title: '临时记录', lines: ['一个已经不需要的电话号码'], classify: 1 },
];

/** Indexes into DEMO_NOTES placed on the two boards, with their places. */
export const DEMO_BOARDS: { note: number; x: number; y: number }[][] = [
  [
    { note: 0, x: 40, y: 40 },
    { note: 4, x: 300, y: 60 },
    { note: 7, x: 560, y: 30 },
    { note: 17, x: 120, y: 300 },
    { note: 21, x: 420, y: 320 },
  ],
  [
    { note: 2, x: 60, y: 50 },
    { note: 22, x: 340, y: 80 },
    { note: 37, x: 200, y: 330 },
  ],
];
