/// The Coach's fifteen ground rules (contract §1), in contract order: the one list the safety
/// matrix files, the system prompt and every refusal are keyed by.
public enum GroundRule: String, CaseIterable, Sendable, Codable {
    case zeroHallucination = "ground_rule_1_zero_hallucination"
    case evidenceBlockSentinel = "ground_rule_2_evidence_block_sentinel"
    case missingDataPivot = "ground_rule_3_missing_data_pivot"
    case conservativePhrasing = "ground_rule_4_conservative_phrasing"
    case motivationalInterviewing = "ground_rule_5_motivational_interviewing"
    case offTopicRedirect = "ground_rule_6_off_topic_redirect"
    case groundInSnapshot = "ground_rule_7_ground_in_snapshot"
    case noInternalIdentifiers = "ground_rule_8_no_internal_identifiers"
    case glp1DoseRefusal = "ground_rule_9_glp1_dose_refusal"
    case outOfScopeRefusal = "ground_rule_10_out_of_scope_refusal"
    case severityEnumsLowercaseEnglish = "ground_rule_11_severity_enums_lowercase_en"
    case noCausalClaims = "ground_rule_12_no_causal_claims"
    case dailyBriefingSchema = "ground_rule_13_dailybriefing_schema"
    case appleHealthSilentAbsence = "ground_rule_14_apple_health_silent_absence"
    case drugLevelRefusal = "ground_rule_15_drug_level_refusal"

    /// The rule's number, 1–15.
    public var number: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }
}
