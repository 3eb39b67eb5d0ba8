export type FaqItem = { question: string; answer: string };

/**
 * The FAQ (SPEC §1), in page order. Figures follow BACB-RULES.md (2022, and 2027 from 1 January
 * 2027); the monthly form is due by the last day of the following month, the BACB's rule, not
 * SPEC §9's 30 days.
 */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'What is Fieldwork Tracker?',
    answer:
      "Fieldwork Tracker is a web app in which behavior-analyst trainees log their supervised fieldwork hours against the BACB's 6th Edition Test Content Outline, and their supervisors review and approve those logs. It adds up your hours, checks each month against the fieldwork requirements, shows which task list items you have practised and keeps your verification forms in one place. It is an independent tool and is not affiliated with or endorsed by the BACB.",
  },
  {
    question: 'What is the difference between restricted and unrestricted hours?',
    answer:
      'Restricted hours are time spent delivering therapy directly, such as running skill-acquisition or behavior-reduction programs with a client. Unrestricted hours are the activities the BACB most wants you to practise: conducting assessments, designing and writing programs, analysing data, training caregivers or staff and similar work. At least 60% of all your fieldwork hours must be unrestricted, so restricted hours may make up no more than 40%; this is counted across your fieldwork as a whole, not month by month.',
  },
  {
    question: 'How are my documents stored?',
    answer:
      'You can upload your signed monthly and final fieldwork verification forms as a PDF or an image, and they are stored securely with your account next to your logs. The BACB requires you and your supervisor to keep your supervision contract, logs and forms for at least 7 years in case of an audit, so we keep your records for at least 7 years too. Cancelling your subscription never deletes them. We still recommend keeping your own copies.',
  },
  {
    question: 'What is a supervision contact?',
    answer:
      'A supervision contact is one meeting with a qualified supervisor, either individually or in a group of 2 to 10 trainees, held in person or by live video. Phone calls do not count as a supervision contact. The time you spend in contacts is your supervised time, and the rest of your fieldwork is independent time. Group supervision may never add up to more time than individual supervision in a month.',
  },
  {
    question: 'How often do I need to meet with my supervisor?',
    answer:
      "Requirements are set per supervisory period, which is one calendar month. Under the 2022 standards you need at least 4 supervision contacts a month on the supervised track (6 on the concentrated track), supervision of at least 5% of the month's fieldwork hours (10% concentrated) and at least one observation of you working with a client. Under the 2027 standards, which apply if you apply for certification on or after 1 January 2027, supervision must be at least 5% (7.5% concentrated), no minimum number of contacts is listed, and observations must total at least 60 minutes a month (90 minutes concentrated). Many trainees simply meet every week so that every month stays on track.",
  },
  {
    question: 'What is discussed in supervision?',
    answer:
      'Supervision is where you build and demonstrate the skills in the Test Content Outline. Your supervisor observes you with clients and gives feedback, and together you review cases, data, assessments and intervention plans, discuss ethics and professional conduct and decide what to work on next. The supervision contact agenda in the app helps structure each meeting: a check of your hours, your questions, observation feedback and a review of task list items. Record the task list items you worked on in each log so your task grid shows your progress.',
  },
  {
    question: 'What is the monthly verification form?',
    answer:
      "The monthly fieldwork verification form (M-FVF) is the BACB's form that confirms one month's fieldwork: your independent, supervised and total hours and the percentage supervised, recorded as actual hours. You need one for each supervisor, each fieldwork type and each month, and you and your supervisor must both sign it by the last day of the following month, or that month's hours cannot be counted. You do not send it to the BACB: you keep it, and only the final fieldwork verification form (F-FVF) goes with your application. Upload a copy here so it is always at hand.",
  },
  {
    question: 'How long does fieldwork take?',
    answer:
      'You need 2,000 hours of supervised fieldwork or 1,500 hours of concentrated supervised fieldwork; if you mix the two, each concentrated hour counts as 1.33 hours toward the 2,000. Each month must have between 20 and 130 hours under the 2022 standards (20 and 160 under the 2027 standards): a month with fewer than 20 hours does not count, and hours above the maximum are not counted. Most trainees finish in about 12 to 18 months. All of your fieldwork must be completed within 5 continuous years.',
  },
];
