// The resource library every signed-in user reads: texts written for Sower, one paragraph per line.
export interface LibraryResource {
  slug: string;
  title: string;
  description: string;
  category: string;
  content: string;
}

// Each array item is one paragraph; the app splits content on '\n', so no item may contain a line break.
export const paragraphs = (lines: string[]): string => lines.join('\n');

export const resourceLibrary: LibraryResource[] = [
  {
    slug: 'the-gospel-in-four-movements',
    title: 'The Gospel in Four Movements',
    description: 'A short outline of the good news you can carry in your head: creation, fall, rescue in Christ, and our response.',
    category: 'Gospel Basics',
    content: paragraphs([
      `Paul asks how anyone will believe in someone they have never heard of, and how they will hear unless someone tells them (Romans 10:14). Many of us stay quiet not because we do not care, but because we are afraid of getting the message muddled. A simple outline in four movements gives you a path to walk along, in your own words, with a friend who wants to know what Christians actually believe.`,
      `Creation: the world is not an accident, and neither are we. God made everything good and made human beings in his own image, to know him, to love one another and to care for his world (Genesis 1:27, 31). This is why every person you meet has a dignity that nothing can erase.`,
      `Fall: we chose to run our lives without God, and everything broke. Our relationship with God, with each other and even with ourselves is damaged, and the Bible is honest that this is true of every one of us (Romans 3:23). Most people already sense that something is wrong with the world and with their own hearts; the Bible names that sense and shows how deep it goes.`,
      `Rescue: God did not abandon us. He sent his Son, Jesus, who lived the life we should have lived, died on the cross in our place, and rose again on the third day (1 Corinthians 15:3-4). God showed his love for us while we were still sinners, not after we had cleaned ourselves up (Romans 5:8).`,
      `Response: God invites each person to turn from going their own way and to trust Jesus as Saviour and Lord (Mark 1:15). This is not earning anything; it is receiving a gift, like an open hand (John 1:12). It is the start of a new life lived with God and with his people.`,
      `Practise saying these four movements aloud until you can do it in two or three minutes without notes. Use everyday words, and add a picture or example from your own life where it helps. You do not have to cover everything in one sitting, and it is fine to say, "That is the heart of it; what do you make of it?"`,
      `After you share, stop and listen. Ask which part sounds most surprising, which part is hardest to believe, or which part they would like to hear more about. The outline is a doorway into a conversation, not a speech to be delivered and left behind.`,
    ]),
  },
  {
    slug: 'grace-not-performance',
    title: 'Grace, Not Performance',
    description: 'Why the gospel is good news rather than good advice, and how to explain grace to people who think they must earn it.',
    category: 'Gospel Basics',
    content: paragraphs([
      `Ask a few friends what Christianity is about and many will say something like "being a good person". Some of them feel they are doing fine; others quietly believe they are too far gone. Both groups need the same surprise: the gospel is not advice about how to reach God, but news about how God has reached us.`,
      `Grace means God gives us what we could never earn. Paul says we are saved by grace through faith, and that it is God's gift rather than the result of our effort (Ephesians 2:8-9). If we could pay for it, it would no longer be a gift.`,
      `Jesus told a story about two men praying in the temple (Luke 18:9-14). One listed his good deeds; the other could only say, "God, have mercy on me, a sinner." Jesus said it was the second man who went home right with God, which turns most people's expectations upside down.`,
      `When you talk about grace, start with your own need rather than your friend's failings. Saying "I needed forgiveness as much as anyone" keeps you from sounding superior. It also shows that the gospel is for ordinary, imperfect people, which is exactly who your friend is and who you are.`,
      `For people who feel they are fine, gently point out that God's standard is not "better than most" but perfect love for God and neighbour (Matthew 22:37-39). For people who feel they are beyond help, point to the thief on the cross, who had nothing to offer and still heard Jesus promise him paradise (Luke 23:42-43). Grace humbles the proud and lifts the ashamed.`,
      `Sooner or later someone will ask, "So can I just do whatever I like?" Paul heard the same question (Romans 6:1-2). You can answer that grace does not make sin small; it shows how costly our rescue was, and people who know they are deeply loved begin to change from the inside out (Titus 2:11-12).`,
    ]),
  },
  {
    slug: 'telling-your-story-in-three-minutes',
    title: 'Telling Your Story in Three Minutes',
    description: 'Shape your testimony into a short, honest story: life before, how you came to trust Jesus, and what is different now.',
    category: 'Personal Evangelism',
    content: paragraphs([
      `After Jesus set a man free, he told him, "Go home to your own people and tell them how much the Lord has done for you" (Mark 5:19). Your story is one of the most natural ways to talk about Jesus. People may argue with ideas, but they usually listen to an honest account of what happened to someone they know.`,
      `Think of your story in three parts: before, turning point and now. Paul told his story this way when he spoke before King Agrippa (Acts 26:4-23). You do not need a dramatic past; a quiet story told truthfully is just as powerful.`,
      `Before: describe what your life was like or what you were looking for, in concrete terms. Maybe you were anxious, proud, lonely, busy or simply indifferent to God. If you grew up in a Christian home, the "before" may be the time when faith was your parents' and not yet your own.`,
      `Turning point: explain how you came to trust Jesus, including the people, questions or moments God used. Make sure the gospel itself is in this part, briefly and clearly. Your friend should hear not only that you changed but why: Jesus died and rose again, and you put your trust in him.`,
      `Now: say what is different, and be honest about what is still hard. "I still worry, but I am not carrying it alone any more" is more believable than a story in which every problem vanished. Real hope sounds humble.`,
      `Write your story down, read it aloud and time it. Cut church words your friend may not understand, such as "saved", "convicted" or "quiet time", or explain them in plain language. Aim for about three minutes, and have a thirty-second version ready for a short moment.`,
      `End with an open question rather than a sales pitch. "Has anything like that ever happened to you?" or "Where are you with God these days?" invites your friend to share their own story. Then listen as carefully as you hope they listened to you.`,
    ]),
  },
  {
    slug: 'starting-spiritual-conversations',
    title: 'Starting Spiritual Conversations Naturally',
    description: 'Gentle, unforced ways to move an everyday conversation toward what matters most, and to know when to let it rest.',
    category: 'Personal Evangelism',
    content: paragraphs([
      `Jesus began one of his most important conversations by asking a tired woman at a well for a drink of water (John 4:7). Most spiritual conversations start in ordinary places: at the school gate, over lunch at work, or while helping a neighbour carry boxes. Begin where people already are, and be a good friend first.`,
      `Paul urges us to act wisely toward outsiders, to make the most of every opportunity, and to let our conversation be full of grace and seasoned with salt (Colossians 4:5-6). Gracious words are kind and easy to hear. Salty words are interesting and leave people wanting more.`,
      `Listen for open doors. When someone mentions stress, illness, grief, a new baby, a move or a big decision, there is often space to go a little deeper. Try "How are you really doing with all that?" or "What keeps you going when things are this hard?"`,
      `Let people know, in small and natural ways, that faith is part of your life. Mention what you were thinking about after church, say that you will pray for something and then actually ask about it later, or share how God helped you through a hard week. These small signals tell friends you are safe to talk with about spiritual things.`,
      `Keep a few good questions ready: "Do you have any spiritual beliefs?", "Has your view of God changed over the years?" or "If you could ask God one question, what would it be?" Ask because you are genuinely curious, not to set a trap. Then listen far more than you speak.`,
      `If your friend changes the subject or seems uncomfortable, let the moment go gracefully. A conversation that ends warmly leaves the door open for another one, while a forced one can close it for years. Pray before and after, and note in Sower what you learned so you can follow up with care.`,
    ]),
  },
  {
    slug: 'respecting-freedom-never-pressuring',
    title: 'Respecting Freedom, Never Pressuring',
    description: "How to share with courage and love while honouring each person's freedom, boundaries and pace.",
    category: 'Personal Evangelism',
    content: paragraphs([
      `Peter tells us to be ready to explain the hope we have, and to do it with gentleness and respect (1 Peter 3:15-16). The way we share is part of the message we share. A true message carried in a pushy or manipulative way will sound false to the person hearing it.`,
      `When a rich young man walked away from Jesus, Jesus looked at him and loved him, and he let him go (Mark 10:21-22). He did not chase him down, shame him or lower the cost. Following Jesus is an invitation, and a real invitation can be declined.`,
      `Ask permission before going deeper: "Would you be interested in hearing how I see it?" or "Can I tell you why this matters so much to me?" If the answer is no, honour it without sulking and keep being a good friend. A respected no often becomes a yes later, while a pressured yes rarely lasts.`,
      `Be especially careful where you hold power. If you are someone's manager, teacher, landlord, coach or carer, make sure they never feel that their job, grades or help depend on agreeing with you. In those settings it is usually wiser to wait for them to raise the subject.`,
      `Refuse tricks and tactics. Paul says he renounced secret and shameful ways and would not distort God's word (2 Corinthians 4:2). That rules out false urgency, emotional pressure, hidden agendas, or befriending people only as projects.`,
      `Guard what people tell you. Struggles, doubts and family matters shared in confidence belong to your friend, so keep your notes and prayer lists private and never pass on a request without permission. Being trustworthy with small things shows that you can be trusted with the big ones.`,
      `Finally, trust God with the outcome. Paul planted, Apollos watered, but God gave the growth (1 Corinthians 3:6-7). Our part is to be faithful, loving and clear; changing a heart is God's work, and that frees us from needing to make anything happen.`,
    ]),
  },
  {
    slug: 'asking-good-questions-and-listening',
    title: 'Asking Good Questions and Listening Well',
    description: 'How curiosity and careful listening build trust, and how to answer hard questions honestly, including saying "I don\'t know".',
    category: 'Listening',
    content: paragraphs([
      `Jesus asked a great many questions. To a blind man he said, "What do you want me to do for you?" (Mark 10:51), and to two discouraged travellers, "What are you discussing together as you walk along?" (Luke 24:17). Good questions show respect: they treat the other person as someone worth understanding, not as a target to be won.`,
      `Ask open questions that invite a story rather than a yes or no. "What was your experience of church growing up?", "What do you think Jesus was really like?" and "What would make faith seem believable to you?" all give your friend room to think aloud. Avoid questions that are really arguments in disguise.`,
      `Listen to understand, not just to reply. James tells us to be quick to listen and slow to speak (James 1:19), and Proverbs warns that answering before listening is foolish (Proverbs 18:13). Try not to plan your response while your friend is still talking.`,
      `Reflect back what you heard before you respond: "So it sounds like the hardest part for you is how God could allow suffering?" This shows your friend they have been heard. It often helps them notice what they really think, and it keeps you from answering a question they never asked.`,
      `Listen for what lies underneath. A question about suffering may carry a recent loss, and a question about hypocrisy may carry an old hurt from a church. Sometimes the most loving first response is "I am so sorry; would you tell me what happened?" rather than an argument.`,
      `When the hard questions come, answer honestly and humbly. Share what you do know, point to Jesus, and be clear about what the Bible says without pretending every puzzle is solved. Even Paul admitted that for now we know only in part (1 Corinthians 13:12).`,
      `It is perfectly fine to say "I don't know, but I would love to look into it with you." That answer is honest, it keeps the conversation going, and it gives you a reason to meet again. Write the question down in Sower, do some reading or ask your pastor, and come back to it as you promised.`,
    ]),
  },
  {
    slug: 'praying-for-friends-by-name',
    title: 'Praying for Friends by Name',
    description: 'A simple, sustainable routine for praying regularly and specifically for the people God has placed around you.',
    category: 'Prayer',
    content: paragraphs([
      `Before we talk with people about God, we can talk with God about people. Paul said his heart's desire and prayer was that others would be saved (Romans 10:1), and he asked the churches to pray that God would open a door for the message (Colossians 4:3). Prayer is not a warm-up for evangelism; it is evangelism's foundation.`,
      `Start a short list of five to ten people you see often: family, neighbours, colleagues, classmates or friends from a club. Keep it somewhere you will see it every day, such as the prayer journal in Sower. A short list you actually pray through is better than a long one you forget.`,
      `Choose a simple rhythm that fits your life. You might pray for one or two people each day of the week, or for the whole list on your commute or during a walk. Jesus told his disciples to pray always and not lose heart (Luke 18:1), so aim for steady rather than impressive.`,
      `Pray specifically for each person. Ask God to bless them in ordinary ways, to open their eyes to who Jesus is (2 Corinthians 4:4-6), and to open their hearts as he opened Lydia's (Acts 16:14). Ask too for other Christians to cross their path.`,
      `Pray for yourself as well. Ask for love that is genuine, for courage and clear words (Ephesians 6:19), and for wisdom to notice the right moment. Ask God to show you one practical way to serve each person this month.`,
      `Pray for real needs as well as for salvation. When a friend mentions an interview, a sick parent or a hard week, offer to pray, write it down, and ask about it afterwards. "How did the appointment go? I have been praying for you" shows that you care and that prayer is real to you.`,
      `Record answers to prayer alongside your requests. Over months you will see God at work in ways you would otherwise forget, and that record will encourage you when progress feels slow. Some people take years to come to faith, so keep praying with patience and hope (1 Timothy 2:1-4).`,
    ]),
  },
  {
    slug: 'following-up-after-a-conversation',
    title: 'Following Up After a Conversation',
    description: 'What to do in the days after a good conversation: timing, simple messages, keeping promises and offering a next step.',
    category: 'Follow-up',
    content: paragraphs([
      `Many good conversations go nowhere simply because nobody follows up. Paul went back to visit the people he had met on his first journey to see how they were doing (Acts 15:36), and he wrote that he shared not only the gospel but his own life with them (1 Thessalonians 2:8). Following up shows your friend that the conversation mattered, and that they matter.`,
      `Follow up within a few days, while the conversation is still fresh for both of you. Schedule a follow-up in Sower as soon as you part, because good intentions fade quickly. A week is usually fine, but a month can make a message feel awkward.`,
      `Keep the message short, warm and personal. Something like "I really enjoyed our chat on Tuesday, and I have been thinking about what you said about your dad" is enough. Mention something specific so it is clearly a message for them and not a template.`,
      `Keep every promise you made, however small. If you offered to send an article, lend a book, find an answer or pray about something, do it and let them know. Jesus taught that our yes should simply mean yes (Matthew 5:37), and reliability builds more trust than clever words.`,
      `Offer one clear, low-pressure next step that fits where your friend is. That might be coffee next week, reading a chapter of Mark together, coming along to a church meal, or simply picking up the conversation another time. Make it easy to say no, and mean it when you say that is fine.`,
      `If your friend does not reply or seems less interested, do not take it personally and do not chase. Stay friendly, keep praying, and let them set the pace. Friendship without conditions often speaks louder than any message.`,
      `After each contact, write down what you talked about, what you agreed to do, and anything you want to remember, such as a child's name or an upcoming hospital visit. Remembering these details is a quiet form of love. It also helps you pray more specifically and pick up where you left off.`,
    ]),
  },
  {
    slug: 'reading-the-bible-with-a-new-believer',
    title: 'Reading the Bible with a New Believer',
    description: 'A simple method for the first weeks of reading Scripture together: short passages, three questions and honest conversation.',
    category: 'Discipleship',
    content: paragraphs([
      `When Philip met an official reading Isaiah, he asked, "Do you understand what you are reading?" The man replied, "How can I, unless someone explains it to me?" (Acts 8:30-31). New believers grow as they meet Jesus in Scripture, and many need a friend to read alongside them at first.`,
      `You do not need to be a scholar to help. You only need to be a fellow reader who is a little further along the road and willing to learn together. Your friend will learn as much from how you approach the Bible as from anything you explain.`,
      `Begin with one of the Gospels, because they show Jesus most directly. Mark is short and fast-moving, and John was written so that readers would believe that Jesus is the Christ and have life in his name (John 20:31). Read one story or short section each time rather than whole chapters.`,
      `Read the passage aloud, then ask three simple questions. What does this show us about God or Jesus? What does it show us about people, including us? What is one thing we want to do or remember this week because of it?`,
      `Let your friend answer first, and resist the urge to lecture. If they notice something you missed, enjoy it together. If they ask a question you cannot answer, say so honestly, look it up before next time, and show them how you found the answer.`,
      `Help them build their own habit between meetings. Suggest a short daily reading plan, a readable modern translation, and a notebook for writing down one thought each day. Like the Bereans, encourage them to check what they hear against Scripture (Acts 17:11).`,
      `Close each time by praying about what you read, and agree on when you will meet next. Consistency matters more than length: half an hour every week for a few months will shape a life more than one long session. Scripture is useful for teaching and for training in righteousness (2 Timothy 3:16-17), and it does its work over time.`,
    ]),
  },
  {
    slug: 'helping-a-new-believer-grow',
    title: 'Helping a New Believer Grow',
    description: 'The first months after someone comes to faith: finding a church, forming simple habits and making friends who follow Jesus.',
    category: 'Discipleship',
    content: paragraphs([
      `Coming to faith is a beginning, not a finish line. Jesus sent his followers to make disciples, teaching them to obey everything he commanded (Matthew 28:19-20). A new believer needs friends who will walk with them, not just people who celebrated the moment they said yes.`,
      `Help them belong to a local church. Offer to go together the first few times, sit with them, introduce them to people and explain what happens in the service. When Saul was new and others were wary of him, Barnabas took him and brought him to the apostles (Acts 9:26-27); you can be that kind of friend.`,
      `The first believers devoted themselves to the apostles' teaching, to fellowship, to breaking bread and to prayer (Acts 2:42). Those four things are still the heart of growing in Christ. Encourage a few simple habits rather than a long list: reading a short passage each day, praying honestly, and meeting with other Christians each week.`,
      `Talk about baptism and the Lord's Supper, and what they mean, in plain language. Help your friend take the step of baptism when they and their church are ready. Celebrate it together, and invite the people who have been part of their story.`,
      `Help them find a small group, or friends of their own age and stage who follow Jesus. We are told not to give up meeting together but to encourage one another (Hebrews 10:24-25). Your friendship matters, but it should not be their only Christian friendship.`,
      `Expect ups and downs. Doubts, old habits, opposition from family and times of feeling far from God are all normal in the first year. Stay in touch, keep praying for them by name, and remind them that their standing with God rests on what Jesus has done, not on how well they are doing this week.`,
      `Keep looking ahead. Encourage them to tell their own story to the people in their life, since new believers often have the widest circle of friends who do not yet know Jesus. Paul was confident that God, who began a good work, will carry it on to completion (Philippians 1:6), and you can share that confidence.`,
    ]),
  },
];
