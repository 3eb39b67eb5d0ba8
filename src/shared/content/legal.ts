/** The date both legal texts show (SPEC §9: legal pages dated 29 March 2022). */
export const LEGAL_LAST_UPDATED = '29 March 2022';

/** GET /modules/terms-and-conditions/: simple Markdown for `parseSimpleMarkdown`. */
export const TERMS_OF_SERVICE = `Last updated: ${LEGAL_LAST_UPDATED}

These Terms of Service ("Terms") govern your use of Fieldwork Tracker (the "Service"), a web application in which behavior-analyst trainees log their supervised fieldwork hours and their supervisors review and approve them. "We", "us" and "our" mean the team that operates Fieldwork Tracker; "you" means the person using the Service. By creating an account, or by ticking the box that accepts these Terms when you sign up, you agree to them. If you do not agree, please do not use the Service.

## 1. What the Service is, and what it is not

Fieldwork Tracker helps you keep an organised record of fieldwork: it stores your log entries, adds up your hours, compares each month against the fieldwork requirements, shows which task list items you have practised, and keeps copies of the verification forms you upload.

Fieldwork Tracker is an independent product. It is not affiliated with, sponsored by or endorsed by the Behavior Analyst Certification Board (BACB). "BACB", "BCBA" and the names of the BACB's documents belong to the Behavior Analyst Certification Board. Where the Service shows task list or test content outline texts, it shows them with the BACB's source and copyright line, for the sole purpose of documenting fieldwork.

## 2. Accounts and roles

There are two kinds of account, and you choose one when you sign up:

- A trainee account, for a person accruing fieldwork experience. Trainees log hours, manage the supervisors they work with, upload forms, export their logs and manage a subscription.
- A supervisor account, for a person who supervises trainees. Supervisors review the logs their trainees submit to them, approve or flag them, see their trainees' accrued hours and task grids, and keep their own profile up to date.

When you create an account you agree that:

- the information you give us is true and current, including, for supervisors, your BACB account number, certification number, qualification and the dates of your qualification and supervision contract;
- you will verify your email address and keep it up to date, because we use it for sign-in, password resets and important notices;
- each account is used by one person only, and you will keep your password secret and tell us at once if you believe someone else has used your account;
- you are old enough to enter into a binding agreement where you live, and in any case at least 18 years old.

An account has one role. Signing in on the page for the other role is refused; if you need both roles, create two accounts with different email addresses.

## 3. Free trial and subscriptions

Supervisors use the Service free of charge.

Trainees get a 7-day free trial that starts when the account is created. No payment is taken during the trial. To keep logging after the trial, a trainee needs a paid subscription. We offer:

- a monthly plan, billed every month in advance;
- a yearly plan, billed every year in advance, which costs less than twelve monthly payments;
- a lifetime plan, paid once, which gives the account access for as long as the Service is offered.

Prices, and any taxes, are shown before you pay. Monthly and yearly plans renew automatically at the end of each period until you cancel. You can cancel at any time from the Subscription page; your access continues until the end of the period you have already paid for, and you will not be charged again. Except where the law requires otherwise, payments are not refunded for partly used periods. Coupon codes apply only as described when you redeem them and cannot be exchanged for cash.

If we change the price of a plan, we will tell you at least 30 days before the change applies to you, and the new price applies from your next renewal. Lifetime plans are never charged again.

When a trial or subscription ends, you can no longer add or edit logs or open uploaded documents in the Service until you subscribe again. Your records are not deleted (see section 5).

## 4. Your responsibility for your BACB paperwork

The Service is a record-keeping aid. You, not Fieldwork Tracker, remain responsible for meeting the BACB's requirements and for your certification paperwork. In particular:

- you must use the BACB's own current forms, have each monthly fieldwork verification form (M-FVF) signed by you and your supervisor by the last day of the month after the supervision month, and submit your application and final verification form (F-FVF) yourself;
- you must keep your own copies of your supervision contract, logs and forms for at least seven years, as the BACB requires, even though we keep copies too;
- the monthly checks, totals, badges and progress figures in the Service are guides only. They follow the BACB's published standards as we understand them, but they may not cover every rule or every change. The BACB's current handbook is the authority, and the BACB alone decides which hours count;
- supervisors are responsible for the accuracy of what they approve and for their own obligations as supervisors.

## 5. Your content and record retention

You keep ownership of everything you enter or upload. You give us permission to store, copy, process and display it only as needed to run the Service for you and for the supervisors you link to your account.

You are responsible for what you enter. Do not enter client names or other information that identifies the people you serve; describe your activities without identifying clients.

Because fieldwork records can be audited by the BACB for years after the hours were accrued, we keep fieldwork logs, uploaded forms and the history of changes to them for at least seven years after they are created. Cancelling a subscription never deletes records, and an ended trial or subscription never deletes them either. If you need your records while you are not subscribed, for example to answer an audit, contact us and we will give you a copy free of charge.

## 6. Acceptable use

You agree not to:

- enter hours, signatures or supervision that did not happen, or change records to mislead the BACB, a supervisor or anyone else;
- approve logs as a supervisor without having reviewed them;
- use another person's account or let someone else use yours;
- upload anything unlawful, harmful or infringing, or any malicious code;
- try to get around the trial, subscription or security controls, or to access data that is not yours;
- overload, scrape, probe or disrupt the Service or its infrastructure;
- use the Service to send unsolicited messages, including supervisor invitations to people who have not agreed to receive them.

## 7. Suspension and termination

You may stop using the Service at any time and may ask us to close your account. We may suspend or close an account that breaks these Terms, that puts the Service or other users at risk, or where the law requires us to. Where it is reasonable, we will warn you first and give you a chance to put things right.

Closing or suspending an account does not delete fieldwork records within the retention period in section 5. We will continue to provide copies of them on request.

## 8. Availability and changes to the Service

We work to keep the Service available and your data safe, but we do not promise that it will be uninterrupted or free of errors. We may change features, for example to follow new BACB standards, and will give notice of changes that materially reduce what a paid plan includes.

## 9. Disclaimers and limitation of liability

The Service is provided "as is" and "as available". To the fullest extent the law allows, we give no warranty that the Service is fit for a particular purpose or that the BACB will accept any hours recorded in it.

To the fullest extent the law allows, we are not liable for indirect or consequential losses, for hours or applications the BACB does not accept, or for losses caused by information you or a supervisor entered. Our total liability to you for any claim is limited to the amount you paid us in the twelve months before the claim arose. Nothing in these Terms limits liability that cannot be limited by law.

## 10. Changes to these Terms

We may update these Terms from time to time. When a change is material, we will tell you by email or in the Service at least 30 days before it takes effect. The date at the top shows when the Terms last changed. If you keep using the Service after a change takes effect, you accept the new Terms; if you do not accept them, you may cancel and close your account.

## 11. Contact

Questions about these Terms: support@fieldworktracker.example. Questions about your personal data: privacy@fieldworktracker.example.
`;

/** GET /modules/privacy-policy/: simple Markdown for `parseSimpleMarkdown`. */
export const PRIVACY_POLICY = `Last updated: ${LEGAL_LAST_UPDATED}

This Privacy Policy explains what personal information Fieldwork Tracker (the "Service") collects, why, who can see it, how long we keep it and the choices you have. It applies to trainees, supervisors and anyone who receives an invitation from the Service. "We", "us" and "our" mean the team that operates Fieldwork Tracker.

## 1. Information we collect

Account information:

- your name, email address and role (trainee or supervisor);
- your password, which we store only as a salted one-way hash, never as readable text;
- for supervisors, the BACB account number, certification number, supervisor qualification, date qualified to supervise and date of the supervision contract;
- a profile picture, if you upload one;
- if you sign in with Google, the name and email address Google shares with us.

Fieldwork information:

- your log entries: dates and times, hours (restricted, unrestricted, supervised and independent), fieldwork type, setting, supervisor, supervision details, task list items, notes and review status, including any items a supervisor flagged;
- the supervisors you add (name and email address) and the invitations you send them;
- the forms you upload, such as monthly and final fieldwork verification forms, and any signatures and details they contain;
- monthly documents and supervision agendas you create.

Payment information: card payments are handled by our card payment processor. Your card details are sent directly from your browser to the processor, which turns them into a token. We receive only the token, the card's last four digits, your plan and the dates and amounts of payments. We never see or store full card numbers or security codes.

Technical information: the sign-in token kept by your browser, and records of sign-ins, password changes and similar security events, with the time and network address they came from.

## 2. How we use it

We use your information to:

- create and secure your account and sign you in;
- store your logs and forms and calculate your totals, monthly checks, task grid and progress;
- show your fieldwork to the supervisors you have linked, and show supervisors the logs submitted to them;
- send the emails the Service needs, such as email verification, password resets, supervisor invitations and notices about your subscription;
- take payments, apply coupons and manage your trial and subscription;
- answer your questions, investigate problems and protect the Service against misuse;
- meet our legal obligations.

We do not sell your personal information, and we do not use it for advertising.

## 3. Who can see it

Your fieldwork is shared only with the supervisors linked to your account. A supervisor you add who has a Fieldwork Tracker account can see the logs you submit to them, your accrued hours, your task grid and the forms you assign to them. Supervisors you have not linked cannot see your records. A trainee can see the name and supervisor details of the supervisors they work with.

We also share information, under contract and only as far as needed, with the service providers that run parts of the Service for us: hosting and storage, email delivery and card payment processing. They may not use it for their own purposes.

We do not send your information to the BACB. You send your forms and application to the BACB yourself. We may disclose information if the law requires it, or to protect the safety of users or the Service. If the Service is transferred to a new operator, your information will go with it under this Policy, and we will tell you beforehand.

## 4. How long we keep it

Fieldwork records can be audited by the BACB for years, so we keep fieldwork logs, uploaded forms and the history of changes to them for at least seven years after they are created. Cancelling a subscription, or letting a trial or subscription end, does not delete them.

Account information is kept while your account exists and, after it is closed, for as long as we keep the fieldwork records it belongs to. Payment records are kept for as long as tax and accounting law requires. Security records are kept for up to twelve months. When information is no longer needed, we delete it or make it anonymous.

## 5. How we protect it

- Passwords are stored only as salted hashes made with a slow, modern hashing algorithm.
- All traffic between your browser and the Service is encrypted in transit (HTTPS).
- Access to a trainee's records is checked on every request: only the trainee and their linked supervisors can see them.
- Only a small number of our staff can reach production data, and only to run and support the Service.
- Password reset and verification codes expire, and changing your password ends your other sessions.

No system is perfectly secure. If a breach affects your personal information, we will tell you and the authorities as the law requires.

## 6. Your rights

You can:

- access your information, which you can see in the Service or request from us;
- export it: download your logs as a CSV file and your uploaded forms, or ask us for a copy;
- correct it: edit your profile and your logs (changes to reviewed logs are kept in their history), or ask us to correct anything you cannot change yourself;
- ask us to delete it. We will delete what we are not required to keep. Fieldwork records within the seven-year retention period are kept for audits, but they are no longer used for anything else and are deleted when the period ends;
- object to or ask us to restrict a particular use, and complain to your local data protection authority.

We answer requests within 30 days. We may need to confirm your identity first.

## 7. Cookies and local storage

We do not use advertising or tracking cookies. To keep you signed in, the Service stores a sign-in token and some basic settings, such as your name, role and preferred task list edition, in your browser's local storage. Signing out removes them. If you clear your browser's storage, you will need to sign in again. The card payment form and Google sign-in may set their own cookies, which are needed for those services to work and to prevent fraud.

## 8. Children's privacy

The Service is meant for adults pursuing behavior-analyst certification and their supervisors. It is not directed to children under 13, and we do not knowingly collect personal information from children under 13. If we learn that we have collected personal information from a child under 13, we will delete it. If you believe a child has given us information, please contact us.

## 9. Changes to this Policy

We may update this Policy from time to time. When a change is material, we will tell you by email or in the Service before it takes effect. The date at the top shows when the Policy last changed.

## 10. Contact

For privacy questions and requests, write to privacy@fieldworktracker.example.
`;
