package cuda

import "testing"

// TestLookupThrust reads the algorithms of the names clang-14 gives
// thrust 1.17's calls with raw pointers and thrust::device.
func TestLookupThrust(t *testing.T) {
	tests := []struct {
		name string
		want Thrust
		ok   bool
	}{
		{"_ZN6thrust6system6detail7generic8sequenceINS_8cuda_cub5par_tEPiiEEvRNS_16execution_policyIT_EET0_SB_T1_",
			Thrust{Algorithm: ThrustSequence, First: 1, Last: 2, Result: NoArg}, true},
		{"_ZN6thrust8cuda_cub7copy_ifINS0_5par_tEPiS3_6isNodeEET1_RNS0_16execution_policyIT_EET0_SA_S5_T2_",
			Thrust{Algorithm: ThrustCopyIf, First: 1, Last: 2, Result: 3}, true},
		{"_ZN6thrust8cuda_cub7copy_ifINS0_5par_tEPiS3_S3_5isOneEET2_RNS0_16execution_policyIT_EET0_SA_T1_S5_T3_",
			Thrust{Algorithm: ThrustCopyIf, First: 1, Last: 2, Result: 4}, true},
		{"_ZN6thrust8cuda_cub4sortINS0_5par_tEPiNS_4lessIiEEEEvRNS0_16execution_policyIT_EET0_SA_T1_",
			Thrust{Algorithm: ThrustSort, First: 1, Last: 2, Result: NoArg}, true},
		{"_ZN6thrust8cuda_cub11sort_by_keyINS0_5par_tEPiS3_NS_4lessIiEEEEvRNS0_16execution_policyIT_EET0_SA_T1_T2_",
			Thrust{Algorithm: ThrustSortByKey, First: 1, Last: 2, Result: 3}, true},
		{"_ZN6thrust8cuda_cub11unique_copyINS0_5par_tEPiS3_NS_8equal_toIiEEEET1_RNS0_16execution_policyIT_EET0_SB_S6_T2_",
			Thrust{Algorithm: ThrustUniqueCopy, First: 1, Last: 2, Result: 3, EqualTo: true}, true},
		{"_ZN6thrust8cuda_cub11unique_copyINS0_5par_tEPiS3_5sameKEET1_RNS0_16execution_policyIT_EET0_SB_S6_T2_",
			Thrust{Algorithm: ThrustUniqueCopy, First: 1, Last: 2, Result: 3}, true},
		{"_ZN6thrust14inclusive_scanINS_8cuda_cub5par_tEPiS3_EET1_RKNS_6detail21execution_policy_baseIT_EET0_SB_S4_",
			Thrust{Algorithm: ThrustScan, First: 1, Last: 2, Result: 3, Plus: true, Init: NoArg}, true},
		{"_ZN6thrust14inclusive_scanINS_8cuda_cub5par_tEPiS3_NS_7maximumIiEEEET1_RKNS_6detail21execution_policy_baseIT_EET0_SD_S6_T2_",
			Thrust{Algorithm: ThrustScan, First: 1, Last: 2, Result: 3, Init: NoArg}, true},
		{"_ZN6thrust8cuda_cub14exclusive_scanINS0_5par_tEPiS3_iEET1_RNS0_16execution_policyIT_EET0_S9_S4_T2_",
			Thrust{Algorithm: ThrustScan, First: 1, Last: 2, Result: 3, Plus: true, Init: 4}, true},
		{"_ZN6thrust14exclusive_scanINS_8cuda_cub5par_tEPiS3_iNS_4plusIiEEEET1_RKNS_6detail21execution_policy_baseIT_EET0_SD_S6_T2_T3_",
			Thrust{Algorithm: ThrustScan, First: 1, Last: 2, Result: 3, Plus: true, Init: 4}, true},
		// sequence with a step compiles to tabulate: not modelled.
		{"_ZN6thrust8cuda_cub8tabulateINS0_5par_tEPiNS_6system6detail7generic6detail22compute_sequence_valueIivEEEEvRNS0_16execution_policyIT_EET0_SE_T1_", Thrust{}, false},
		{"_ZN4mine8sequenceIPiEEvT_S1_", Thrust{}, false},
		{"cudaMalloc", Thrust{}, false},
		// A name cut short inside a type is not read (nor a panic).
		{"_ZN6thrust8cuda_cub4sortINS0_5par_tEPiD", Thrust{}, false},
	}
	for _, tt := range tests {
		got, ok := LookupThrust(tt.name)
		if ok != tt.ok || got != tt.want {
			t.Errorf("LookupThrust(%s) = %+v, %v, want %+v, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}
