// The resource library every signed-in user reads: texts written for Sower, one paragraph per line.
export interface LibraryResource {
  slug: string;
  title: string;
  description: string;
  category: string;
  content: string;
}

const paragraphs = (...lines: string[]) => lines.join('\n');

export const resourceLibrary: LibraryResource[] = [
  {
    slug: 'the-gospel-in-four-movements',
    title: 'The Gospel in Four Movements',
    description: 'A simple outline of the good news you can remember and share in a few minutes: creation, fall, rescue and response.',
    category: 'Gospel Basics',
    content: paragraphs(
      'Many people never share the gospel because they are afraid of forgetting something important. A short outline helps. It is not a script to recite, but a path through the story of the Bible that you can walk with a friend in your own words.',
      'Creation: God made the world good and made people in his image to know him and to reflect his love (Genesis 1:27). We are not accidents. Every person you talk with carries a dignity that no failure can erase.',
      'Fall: we turned away from God to run our own lives, and that rebellion broke our relationship with him, with each other and with the world (Romans 3:23). Most people already feel that something is wrong; the Bible gives that feeling its true name and its real depth.',
      'Rescue: God did not leave us there. Jesus, fully God and fully man, lived the life we could not live, died on the cross in our place and rose again (1 Corinthians 15:3-4). Forgiveness is not earned; it is received as a gift (Ephesians 2:8-9).',
      'Response: God invites each person to turn from going their own way and to trust Jesus as Saviour and Lord (Mark 1:15). That trust is the beginning of a new life, lived with him and with his people.',
      'Practise telling these four movements aloud in about three minutes. Then ask your friend which part surprises them, which part they find hard to believe, and which part they would like to hear more about. Questions turn a presentation into a conversation.',
    ),
  },
  {
    slug: 'grace-not-performance',
    title: 'Grace, Not Performance',
    description: 'Why the gospel is good news rather than good advice, and how to explain grace to people who think they must earn God’s favour.',
    category: 'Gospel Basics',
    content: paragraphs(
      'Many of our friends assume that Christianity is about being good enough for God. Some feel they have already failed; others feel they are doing fine. Both need to hear that the gospel is not advice about how to improve, but news about what God has already done.',
      'Grace means receiving what we do not deserve. Paul writes that we are saved by grace through faith, and that this is not our own doing (Ephesians 2:8). A gift stops being a gift the moment we try to pay for it.',
      'A helpful picture is the story of the prodigal son in Luke 15. The younger son expects to work as a servant; the father runs to embrace him before he finishes his speech. The older brother, who worked hard, also misses the father’s heart. Both sons need grace.',
      'When you explain grace, speak about your own need first. Saying "I needed forgiveness too" keeps you from sounding superior and shows your friend that the gospel is for ordinary people, not for the already-polished.',
      'Expect questions such as "So I can do whatever I want?" Answer gently: grace does not make sin small; it shows how costly sin was and how deeply we are loved. People who know they are loved begin to change from the inside (Titus 2:11-12).',
    ),
  },
  {
    slug: 'telling-your-story-in-three-minutes',
    title: 'Telling Your Story in Three Minutes',
    description: 'Shape your testimony into a short, honest story: life before, how you met Jesus, and what is different now.',
    category: 'Personal Evangelism',
    content: paragraphs(
      'Your own story is one of the most natural ways to talk about Jesus. Nobody can argue with what happened to you, and most people enjoy hearing a real story more than a list of ideas. The blind man in John 9 simply said, "One thing I do know: I was blind but now I see."',
      'Start with what your life was like before, or what you were looking for. Be specific and honest, but do not make your past sound more dramatic than it was. Many people grew up in church; for them the turning point may be when faith became their own.',
      'Then tell how you came to trust Jesus: the people, questions or moments God used. Mention the gospel itself briefly here, so your friend hears not only that you changed but why: Jesus died and rose for you.',
      'Finish with what is different now, including what is still hard. An honest "I still struggle with worry, but I am not alone in it any more" is more believable than a story where every problem disappeared.',
      'Write your story down, then say it aloud and time it. Aim for about three minutes, avoid church words your friend may not know, and end with a question such as "Has anything like that ever happened to you?" Let the conversation continue from there.',
    ),
  },
  {
    slug: 'starting-spiritual-conversations',
    title: 'Starting Spiritual Conversations Naturally',
    description: 'Gentle ways to move an everyday conversation toward what matters most, without forcing it or springing a sales pitch.',
    category: 'Personal Evangelism',
    content: paragraphs(
      'Most spiritual conversations begin in ordinary places: over coffee, on the sideline of a football game, or after a hard week at work. Jesus met the woman at the well while asking for a drink (John 4:7). Start where people already are.',
      'Listen for doors. When someone mentions stress, loss, a new baby, a diagnosis or a big decision, there is often room to ask a deeper question: "How are you holding up?" or "What helps you get through times like this?"',
      'Be open about your own faith in small, natural ways. Saying "I will pray for you" and then asking later how things went, or mentioning what you heard at church on Sunday, lets friends know you are safe to talk with about spiritual things.',
      'Useful questions include: "Do you have any spiritual beliefs?", "What do you think happens after we die?" and "If you could ask God one question, what would it be?" Ask because you are genuinely curious, and be ready to listen far more than you speak.',
      'If the moment passes, let it. A conversation that ends warmly leaves the door open for the next one. Pray before and after, and write down what you learned so you can follow up well.',
    ),
  },
  {
    slug: 'praying-for-friends-by-name',
    title: 'Praying for Friends by Name',
    description: 'A practical routine for praying regularly and specifically for the people God has placed around you.',
    category: 'Prayer',
    content: paragraphs(
      'Evangelism begins on our knees. Paul asked the churches to pray that God would open a door for the message (Colossians 4:3). Before we talk to people about God, we can talk to God about people.',
      'Make a short list of five to ten people you see regularly: family, neighbours, colleagues, friends. Keep it where you will see it every day; Sower’s prayer journal is one place to keep it with your notes.',
      'Pray specifically. Ask God to bless them in practical ways, to draw them to himself (John 6:44), to open their hearts as he opened Lydia’s (Acts 16:14), and to give you love, courage and the right words at the right time.',
      'Pray for their real needs as well as their salvation. When a friend shares a struggle, offer to pray, and write it down. Asking a week later "How did the interview go? I have been praying" shows that you care and that prayer is real to you.',
      'Keep a record of answers. Over months you will see God at work in ways you would otherwise forget, and those answers will strengthen your faith and sometimes become part of the conversation itself.',
    ),
  },
  {
    slug: 'asking-good-questions-and-listening',
    title: 'Asking Good Questions and Listening Well',
    description: 'How curiosity and careful listening build trust, uncover what people really believe, and open doors for the gospel.',
    category: 'Listening',
    content: paragraphs(
      'Jesus often answered a question with a question. He asked the blind man, "What do you want me to do for you?" (Mark 10:51). Good questions show respect: they treat the other person as someone worth understanding, not as a target.',
      'Open questions invite stories: "What was church like for you growing up?", "What do you think about Jesus?", "What would need to be true for you to consider faith?" Avoid questions that can be answered with a simple yes or no, or that are really arguments in disguise.',
      'Listen to understand, not to reply. Resist planning your answer while your friend is still talking. James reminds us to be quick to listen and slow to speak (James 1:19).',
      'Reflect back what you heard: "So it sounds like you would believe if God seemed less distant?" This helps your friend feel heard and often helps them clarify their own thinking.',
      'Notice the difference between stated reasons and deeper ones. A question about suffering may carry a personal loss behind it. Be gentle, and sometimes the most helpful response is simply, "I am so sorry. Would you tell me about her?"',
    ),
  },
  {
    slug: 'following-up-after-a-conversation',
    title: 'Following Up After a Conversation',
    description: 'What to do in the days after a good conversation: timing, simple messages, keeping promises and inviting the next step.',
    category: 'Follow-up',
    content: paragraphs(
      'Many good conversations never go further because nobody follows up. Paul returned to strengthen the disciples he had met on his first journey (Acts 15:36). A short, thoughtful follow-up shows that the conversation mattered to you.',
      'Follow up within a few days while the conversation is still fresh. A simple message is enough: "I really enjoyed talking on Tuesday. I have been thinking about your question about prayer." Schedule it right away so it does not slip.',
      'Keep every promise you made. If you offered to send an article, lend a book or pray about something, do it and mention that you did. Reliability builds trust faster than eloquence.',
      'Offer a clear, low-pressure next step that fits where your friend is: coffee next week, reading one chapter of Mark together, coming to a church meal, or simply continuing the conversation. Make saying no easy, and mean it.',
      'Write down what you talked about and what you agreed to do. Notes help you remember details like a child’s name or a hospital appointment, and remembering them is a form of love.',
    ),
  },
  {
    slug: 'reading-the-bible-with-a-new-believer',
    title: 'Reading the Bible with a New Believer',
    description: 'A simple method for the first weeks of reading Scripture together: short passages, three questions, and honest conversation.',
    category: 'Discipleship',
    content: paragraphs(
      'New believers grow as they meet Jesus in Scripture. You do not need to be a scholar to help them; you need to be a fellow reader who is a little further along. Jesus opened the Scriptures to the disciples on the road to Emmaus (Luke 24:27), and we follow his example in a humbler way.',
      'Start with one of the gospels, often Mark because it is short and fast-moving. Read a paragraph or a short story aloud together each time, rather than long chapters.',
      'Ask three simple questions: What does this passage show us about God or Jesus? What does it show us about people? What will we do about it this week? These work on almost any passage and help readers discover meaning for themselves.',
      'Let your friend’s questions shape the time. If they ask something you cannot answer, say so and look into it together. Honesty teaches them that faith is not about pretending to know everything.',
      'End by praying about what you read, and agree on when you will meet next. Consistency matters more than length: twenty minutes every week over months will shape a life more than one long session.',
    ),
  },
  {
    slug: 'respecting-freedom-never-pressuring',
    title: 'Respecting Freedom, Never Pressuring',
    description: 'How to share boldly and lovingly while honouring each person’s freedom, boundaries and pace.',
    category: 'Evangelism Ethics',
    content: paragraphs(
      'Love does not manipulate. Peter tells us to give a reason for our hope with gentleness and respect (1 Peter 3:15). The way we share is part of the message we share.',
      'Ask before going deeper: "Would you be open to hearing how I see it?" If the answer is no, honour it and keep being a good friend. A respected no often becomes a yes later; a pressured yes rarely lasts.',
      'Be careful with power. If you are someone’s manager, teacher, landlord or caregiver, be especially sure that they never feel their job, grade or help depends on agreeing with you.',
      'Keep confidences. What friends tell you about their struggles, beliefs or families belongs to them. Keep personal notes private, share them with a team only when the person would be comfortable with that, and never share prayer requests that were told in confidence.',
      'Trust God with the results. Paul planted, Apollos watered, but God gave the growth (1 Corinthians 3:6). Our part is to be faithful and loving; conversion is God’s work, not a result we manufacture.',
    ),
  },
  {
    slug: 'helping-a-new-believer-grow',
    title: 'Helping a New Believer Grow',
    description: 'The first months after someone comes to faith: belonging to a church, forming simple habits and finding friends who follow Jesus.',
    category: 'Discipleship',
    content: paragraphs(
      'Coming to faith is a beginning, not a finish line. Jesus told his followers to make disciples, teaching them to obey everything he commanded (Matthew 28:19-20). New believers need friends who walk with them.',
      'Help them belong to a local church. Offer to go together the first few times, introduce them to people, and explain what happens in the service. The early church devoted itself to teaching, fellowship, breaking bread and prayer (Acts 2:42).',
      'Encourage a few simple habits rather than many: reading a short passage each day, talking to God honestly, and meeting with other Christians each week. Small habits practised faithfully carry people through hard seasons.',
      'Talk about baptism and what it means, and help them take that step when they are ready. Celebrate it together.',
      'Expect ups and downs. Doubts, old habits and opposition are normal. Stay in touch, pray for them by name, and remind them that their standing with God rests on Jesus, not on how well they are doing this week (Philippians 1:6).',
    ),
  },
];
