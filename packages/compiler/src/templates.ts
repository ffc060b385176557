// The six example provisions of spec section 3, for the demo's template buttons and for tests.
// A separate module so that the homepage, which imports validation and detection, stays light.
// EU and US legislation is reproduced verbatim (public law); PCI DSS is copyrighted by the PCI
// Security Standards Council, so its template is our own requirement-style summary and says so.
import type { Jurisdiction, RegulationId } from './policy-model.ts';

export type TemplateKey = 'gdpr' | 'ccpa' | 'hipaa' | 'pci' | 'ai_act' | 'sox';

export type Template = {
  title: string;
  jurisdiction: Jurisdiction;
  /** The regulation the text belongs to (what detection should find). */
  regulation: RegulationId;
  category: string;
  complexity: 'low' | 'medium' | 'high';
  /**
   * Expected compile time as shown in the demo, in the spec's performance tiers: measured with
   * compile() in every format, medians of 1-12 ms on a 2-core machine, so all are 'lightning'.
   */
  estimatedCompileTime: string;
  tags: string[];
  /** Where the text comes from, and whether it is verbatim or our own summary. */
  source: string;
  content: string;
};

export const TEMPLATE_KEYS: readonly TemplateKey[] = ['gdpr', 'ccpa', 'hipaa', 'pci', 'ai_act', 'sox'];

export const TEMPLATES: Readonly<Record<TemplateKey, Template>> = {
  gdpr: {
    title: "GDPR Article 17 — Right to erasure (‘right to be forgotten’)",
    jurisdiction: 'EU',
    regulation: 'GDPR',
    category: "Data subject rights",
    complexity: 'high',
    estimatedCompileTime: '< 50 ms',
    tags: ["gdpr", "erasure", "right-to-be-forgotten", "data-subject-rights", "eu"],
    source: "Regulation (EU) 2016/679, Article 17 (OJ L 119, 4.5.2016), verbatim",
    content: "Article 17\nRight to erasure ('right to be forgotten')\n1. The data subject shall have the right to obtain from the controller the erasure of personal data concerning him or her without undue delay and the controller shall have the obligation to erase personal data without undue delay where one of the following grounds applies:\n(a) the personal data are no longer necessary in relation to the purposes for which they were collected or otherwise processed;\n(b) the data subject withdraws consent on which the processing is based according to point (a) of Article 6(1), or point (a) of Article 9(2), and where there is no other legal ground for the processing;\n(c) the data subject objects to the processing pursuant to Article 21(1) and there are no overriding legitimate grounds for the processing, or the data subject objects to the processing pursuant to Article 21(2);\n(d) the personal data have been unlawfully processed;\n(e) the personal data have to be erased for compliance with a legal obligation in Union or Member State law to which the controller is subject;\n(f) the personal data have been collected in relation to the offer of information society services referred to in Article 8(1).\n2. Where the controller has made the personal data public and is obliged pursuant to paragraph 1 to erase the personal data, the controller, taking account of available technology and the cost of implementation, shall take reasonable steps, including technical measures, to inform controllers which are processing the personal data that the data subject has requested the erasure by such controllers of any links to, or copy or replication of, those personal data.\n3. Paragraphs 1 and 2 shall not apply to the extent that processing is necessary:\n(a) for exercising the right of freedom of expression and information;\n(b) for compliance with a legal obligation which requires processing by Union or Member State law to which the controller is subject or for the performance of a task carried out in the public interest or in the exercise of official authority vested in the controller;\n(c) for reasons of public interest in the area of public health in accordance with points (h) and (i) of Article 9(2) as well as Article 9(3);\n(d) for archiving purposes in the public interest, scientific or historical research purposes or statistical purposes in accordance with Article 89(1) in so far as the right referred to in paragraph 1 is likely to render impossible or seriously impair the achievement of the objectives of that processing; or\n(e) for the establishment, exercise or defence of legal claims.",
  },
  ccpa: {
    title: "CCPA Section 1798.105 — Consumers’ right to delete personal information",
    jurisdiction: 'US-CA',
    regulation: 'CCPA',
    category: "Consumer rights",
    complexity: 'high',
    estimatedCompileTime: '< 50 ms',
    tags: ["ccpa", "cpra", "deletion", "consumer-rights", "california"],
    source: "California Civil Code § 1798.105 as amended by the CPRA, verbatim",
    content: "Section 1798.105. Consumers' Right to Delete Personal Information\n(a) A consumer shall have the right to request that a business delete any personal information about the consumer which the business has collected from the consumer.\n(b) A business that collects personal information about consumers shall disclose, pursuant to Section 1798.130, the consumer's rights to request the deletion of the consumer's personal information.\n(c) (1) A business that receives a verifiable consumer request from a consumer to delete the consumer's personal information pursuant to subdivision (a) of this section shall delete the consumer's personal information from its records, notify any service providers or contractors to delete the consumer's personal information from their records, and notify all third parties to whom the business has sold or shared the personal information to delete the consumer's personal information unless this proves impossible or involves disproportionate effort.\n(2) The business may maintain a confidential record of deletion requests solely for the purpose of preventing the personal information of a consumer who has submitted a deletion request from being sold, for compliance with laws or for other purposes, solely to the extent permissible under this title.\n(3) A service provider or contractor shall cooperate with the business in responding to a verifiable consumer request, and at the direction of the business, shall delete, or enable the business to delete and shall notify any of its own service providers or contractors to delete personal information about the consumer collected, used, processed, or retained by the service provider or the contractor.\n(d) A business, or a service provider or contractor acting pursuant to its contract with the business, another service provider, or another contractor, shall not be required to comply with a consumer's request to delete the consumer's personal information if it is reasonably necessary for the business, service provider, or contractor to maintain the consumer's personal information in order to:\n(1) Complete the transaction for which the personal information was collected, fulfill the terms of a written warranty or product recall conducted in accordance with federal law, provide a good or service requested by the consumer, or reasonably anticipated by the consumer within the context of a business' ongoing business relationship with the consumer, or otherwise perform a contract between the business and the consumer.\n(2) Help to ensure security and integrity to the extent the use of the consumer's personal information is reasonably necessary and proportionate for those purposes.\n(3) Debug to identify and repair errors that impair existing intended functionality.\n(4) Exercise free speech, ensure the right of another consumer to exercise that consumer's right of free speech, or exercise another right provided for by law.\n(5) Comply with the California Electronic Communications Privacy Act pursuant to Chapter 3.6 (commencing with Section 1546) of Title 12 of Part 2 of the Penal Code.\n(6) Engage in public or peer-reviewed scientific, historical, or statistical research that conforms or adheres to all other applicable ethics and privacy laws, when the business' deletion of the information is likely to render impossible or seriously impair the ability to complete such research, if the consumer has provided informed consent.\n(7) To enable solely internal uses that are reasonably aligned with the expectations of the consumer based on the consumer's relationship with the business and compatible with the context in which the consumer provided the information.\n(8) Comply with a legal obligation.",
  },
  hipaa: {
    title: "HIPAA 45 CFR 164.524 — Access of individuals to protected health information",
    jurisdiction: 'US-HIPAA',
    regulation: 'HIPAA',
    category: "Individual access rights",
    complexity: 'medium',
    estimatedCompileTime: '< 50 ms',
    tags: ["hipaa", "phi", "right-of-access", "healthcare"],
    source: "45 CFR 164.524(a)(1) and (b)(1)-(2)(i), verbatim",
    content: "45 CFR 164.524 Access of individuals to protected health information.\n(a) Standard: Access to protected health information.\n(1) Right of access. Except as otherwise provided in paragraph (a)(2) or (a)(3) of this section, an individual has a right of access to inspect and obtain a copy of protected health information about the individual in a designated record set, for as long as the protected health information is maintained in the designated record set, except for:\n(i) Psychotherapy notes; and\n(ii) Information compiled in reasonable anticipation of, or for use in, a civil, criminal, or administrative action or proceeding.\n(b) Implementation specifications: Requests for access and timely action.\n(1) Individual's request for access. The covered entity must permit an individual to request access to inspect or to obtain a copy of the protected health information about the individual that is maintained in a designated record set. The covered entity may require individuals to make requests for access in writing, provided that it informs individuals of such a requirement.\n(2) Timely action by the covered entity.\n(i) Except as provided in paragraph (b)(2)(ii) of this section, the covered entity must act on a request for access no later than 30 days after receipt of the request as follows.",
  },
  pci: {
    title: "PCI DSS v4.0 Requirement 3 — Protect stored account data",
    jurisdiction: 'GLOBAL-PCI',
    regulation: 'PCI-DSS',
    category: "Cardholder data protection",
    complexity: 'medium',
    estimatedCompileTime: '< 50 ms',
    tags: ["pci-dss", "cardholder-data", "pan", "encryption", "payments"],
    source: "Paraphrase: PCI DSS is copyrighted by the PCI Security Standards Council; this is our own requirement-style summary of Requirement 3, not the standard's text",
    content: "PCI DSS v4.0 Requirement 3: Protect Stored Account Data\n(Bytebound's own requirement-style summary of PCI DSS v4.0 Requirement 3. The PCI DSS standard is copyrighted by the PCI Security Standards Council and is not reproduced here; read the official standard for the exact wording.)\n3.2.1 The entity must keep account data storage to a minimum through data retention and disposal policies, and must securely delete stored account data when it exceeds the defined retention period.\n3.3.1 Sensitive authentication data must not be stored after authorization, even if it is encrypted.\n3.3.2 Sensitive authentication data that is stored electronically before authorization must be encrypted using strong cryptography.\n3.4.1 The PAN must be masked when displayed, so that only personnel with a legitimate business need can see more than the BIN and the last four digits.\n3.5.1 The PAN must be rendered unreadable anywhere it is stored, using strong cryptography.",
  },
  ai_act: {
    title: "EU AI Act Article 9 — Risk management system",
    jurisdiction: 'EU',
    regulation: 'EU-AI-ACT',
    category: "AI governance",
    complexity: 'medium',
    estimatedCompileTime: '< 50 ms',
    tags: ["ai-act", "high-risk-ai", "risk-management", "eu"],
    source: "Regulation (EU) 2024/1689, Article 9(1)-(2), verbatim",
    content: "Article 9\nRisk management system\n1. A risk management system shall be established, implemented, documented and maintained in relation to high-risk AI systems.\n2. The risk management system shall be understood as a continuous iterative process planned and run throughout the entire lifecycle of a high-risk AI system, requiring regular systematic review and updating. It shall comprise the following steps:\n(a) the identification and analysis of the known and the reasonably foreseeable risks that the high-risk AI system can pose to health, safety or fundamental rights when the high-risk AI system is used in accordance with its intended purpose;\n(b) the estimation and evaluation of the risks that may emerge when the high-risk AI system is used in accordance with its intended purpose, and under conditions of reasonably foreseeable misuse;\n(c) the evaluation of other risks possibly arising, based on the analysis of data gathered from the post-market monitoring system referred to in Article 72;\n(d) the adoption of appropriate and targeted risk management measures designed to address the risks identified pursuant to point (a).",
  },
  sox: {
    title: "Sarbanes-Oxley Act Section 404 — Management assessment of internal controls",
    jurisdiction: 'US',
    regulation: 'SOX',
    category: "Financial controls",
    complexity: 'low',
    estimatedCompileTime: '< 50 ms',
    tags: ["sox", "internal-controls", "financial-reporting", "audit"],
    source: "Sarbanes-Oxley Act of 2002, Pub. L. 107-204, § 404 (15 U.S.C. 7262), verbatim",
    content: "SEC. 404. MANAGEMENT ASSESSMENT OF INTERNAL CONTROLS.\n(a) Rules Required.—The Commission shall prescribe rules requiring each annual report required by section 13(a) or 15(d) of the Securities Exchange Act of 1934 (15 U.S.C. 78m or 78o(d)) to contain an internal control report, which shall—\n(1) state the responsibility of management for establishing and maintaining an adequate internal control structure and procedures for financial reporting; and\n(2) contain an assessment, as of the end of the most recent fiscal year of the issuer, of the effectiveness of the internal control structure and procedures of the issuer for financial reporting.\n(b) Internal Control Evaluation and Reporting.—With respect to the internal control assessment required by subsection (a), each registered public accounting firm that prepares or issues the audit report for the issuer shall attest to, and report on, the assessment made by the management of the issuer. An attestation made under this subsection shall be made in accordance with standards for attestation engagements issued or adopted by the Board. Any such attestation shall not be the subject of a separate engagement.",
  },
};
