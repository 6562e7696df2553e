package examples

import (
	"fmt"
	"os"
	"testing"

	"hgrd/driver"
	"hgrd/examples/racetest"
)

// TestMain lets the test binary serve as the driver's worker process.
func TestMain(m *testing.M) {
	driver.ServeIfWorker()
	os.Exit(m.Run())
}

// cases lists every case directory; TestEveryCaseListed keeps it complete.
var cases = []string{
	"1dconv_racy",
	"any_launch_racy",
	"argv_grid_ok",
	"argv_grid_racy",
	"argv_options_ok",
	"argv_options_racy",
	"atomic_claim_ok",
	"atomic_claim_racy",
	"atomic_plain",
	"benign_flag_ok",
	"benign_flag_racy",
	"benign_reported",
	"bilateralFilter_ok",
	"block_broadcast_loop_ok",
	"block_broadcast_loop_racy",
	"block_broadcast_ok",
	"block_broadcast_racy",
	"block_chunks_ok",
	"block_chunks_racy",
	"block_slots_ok",
	"block_slots_racy",
	"block_stride_racy",
	"bool_param_ok",
	"bool_param_racy",
	"bounded_rows_ok",
	"bounded_rows_racy",
	"box_offsets_ok",
	"box_offsets_racy",
	"byte_overlap",
	"closure_cells_ok",
	"closure_cells_racy",
	"condNeighbor_racy",
	"conel_racy",
	"constant_table_ok",
	"constant_table_racy",
	"convSeparable_ok",
	"convSeparable_racy",
	"coop_groups_ok",
	"coop_groups_racy",
	"copyFromTp_ok",
	"copyFromTp_racy",
	"copyFromVec_ok",
	"copyFromVec_racy",
	"copyLowToUpp_ok",
	"copyLowToUpp_racy",
	"copyUppToLow_ok",
	"copyUppToLow_racy",
	"cub_block_reduce_ok",
	"cub_block_reduce_racy",
	"curand_ok",
	"curand_racy",
	"device_function",
	"device_props_ok",
	"device_props_racy",
	"enum_param_ok",
	"enum_param_racy",
	"expDistance_ok",
	"expDistance_racy",
	"extern_shared",
	"flat_rows_racy",
	"flex_member_racy",
	"float_grid_ok",
	"float_grid_racy",
	"function_pointer_ok",
	"function_pointer_racy",
	"global_config_ok",
	"global_config_racy",
	"global_scheme_ok",
	"global_scheme_racy",
	"global_stride_ok",
	"global_stride_racy",
	"global_rw",
	"global_ww",
	"grid_stride_ok",
	"half_atomic_ok",
	"half_atomic_racy",
	"hash_guard_ok",
	"hash_guard_racy",
	"histogram_ok",
	"host_contents_ok",
	"host_contents_racy",
	"host_funcptr_ok",
	"host_funcptr_racy",
	"host_guard",
	"host_interproc",
	"in_bounds_ok",
	"in_bounds_racy",
	"indexing_2d",
	"indexing_3d",
	"index_list_ok",
	"index_list_racy",
	"int64_index_ok",
	"int64_index_racy",
	"kernel_assert_ok",
	"kernel_assert_racy",
	"lane_gather_ok",
	"lane_gather_racy",
	"launch_invoke_ok",
	"launch_invoke_racy",
	"launch_model_1d_ok",
	"launch_model_1d_racy",
	"launch_pointer_ok",
	"launch_pointer_racy",
	"launcher_template_ok",
	"launcher_template_racy",
	"launcher_table_args_ok",
	"launcher_table_args_racy",
	"launcher_table_ok",
	"launcher_table_racy",
	"level_sizes_ok",
	"level_sizes_racy",
	"loop_exit_ok",
	"loop_exit_racy",
	"loop_mid_barrier",
	"luDecomposition_ok",
	"luDecomposition_racy",
	"matMul_ok",
	"matmul_tiled_ok",
	"merge_rank_racy",
	"multi_launch",
	"needlemanWunsch_ok",
	"needlemanWunsch_racy",
	"negative_width_ok",
	"negative_width_racy",
	"pitch_rows_ok",
	"pitch_rows_racy",
	"tile_scan_ok",
	"tile_scan_racy",
	"tile_scan_two_phase_ok",
	"seed_mask_ok",
	"seed_mask_racy",
	"neighbour_slot_ok",
	"neighbour_slot_racy",
	"nested_host_loops_ok",
	"nested_host_loops_racy",
	"nested_pointer_loops_ok",
	"nested_pointer_loops_racy",
	"nested_index_loops_ok",
	"nested_index_loops_racy",
	"no_host_launch",
	"out_param_ok",
	"out_param_racy",
	"pathCompression_racy",
	"periodic_halo_ok",
	"periodic_halo_racy",
	"pingpong_ok",
	"pingpong_racy",
	"pitchLinear_ok",
	"pitchLinear_racy",
	"pitched_rows_ok",
	"pitched_rows_racy",
	"pitched_volume_ok",
	"pitched_volume_racy",
	"pointer_alias",
	"power_grid_ok",
	"power_grid_racy",
	"pushNode_racy",
	"randomAccess_ok",
	"randomAccess_racy",
	"reduceFinal_ok",
	"reduceFinal_racy",
	"reduction_ok",
	"row_major_sweep_ok",
	"row_major_sweep_racy",
	"row_softmax_ok",
	"row_softmax_racy",
	"rule110_ok",
	"same_address_lanes",
	"scan_compact_ok",
	"scan_compact_racy",
	"scan_ok",
	"shared_no_sync",
	"shared_sync_ok",
	"stencil_ok",
	"struct_args_ok",
	"struct_args_racy",
	"struct_by_reference_ok",
	"struct_by_reference_racy",
	"struct_fields_ok",
	"struct_fields_racy",
	"sync_atomic_block_ok",
	"sync_atomic_block_racy",
	"sync_atomic_device_ok",
	"sync_atomic_device_racy",
	"sync_chain_long_ok",
	"sync_chain_long_racy",
	"sync_chain_ok",
	"sync_chain_racy",
	"sync_flag_block_ok",
	"sync_flag_block_racy",
	"sync_flag_consumer_ok",
	"sync_flag_consumer_racy",
	"sync_flag_device_ok",
	"sync_flag_device_racy",
	"sync_grid_ok",
	"sync_grid_racy",
	"sync_lock_after_release_ok",
	"sync_lock_after_release_racy",
	"sync_lock_block_ok",
	"sync_lock_block_racy",
	"sync_lock_device_ok",
	"sync_lock_device_racy",
	"sync_lock_leader_ok",
	"sync_lock_leader_racy",
	"sync_lock_nofence_racy",
	"sync_lock_one_side_ok",
	"sync_lock_one_side_racy",
	"sync_lock_side_blockfence_ok",
	"sync_lock_side_blockfence_racy",
	"sync_lock_side_nofence_ok",
	"sync_lock_side_nofence_racy",
	"sync_syncwarp_partial_ok",
	"sync_syncwarp_partial_racy",
	"sync_tile_ok",
	"sync_tile_racy",
	"sync_warp_intrinsics_racy",
	"template_kernel_ok",
	"template_kernel_racy",
	"tiled_grid_ok",
	"tiled_grid_racy",
	"tissue_racy",
	"toneMapping_ok",
	"toneMapping_racy",
	"transpose_ok",
	"uniform_barrier_ok",
	"uniform_barrier_racy",
	"unknown_contents_ok",
	"unknown_contents_racy",
	"value_wrappers_ok",
	"value_wrappers_racy",
	"vector_add_ok",
	"warpCommunicate_racy",
	"warp_aggregate_ok",
	"warp_aggregate_racy",
	"warp_nosync",
	"warp_rows_ok",
	"warp_rows_racy",
	"warp_syncwarp_ok",
}

// TestExamples checks hgrd's races on every case, one subtest per case so
// that one can be run alone: go test ./examples -run TestExamples/global_rw.
// With -v it prints the accuracy table of the cases run, in the form of
// the HGRD paper's table 3.
func TestExamples(t *testing.T) {
	var scores []racetest.Score
	for _, c := range cases {
		t.Run(c, func(t *testing.T) {
			// Not in parallel: as hgrd check does, one file at a time, so
			// that Z3's process-wide state is the same as on the command line.
			scores = append(scores, racetest.RunScored(t, ".", c))
		})
	}
	if testing.Verbose() && len(scores) > 0 {
		fmt.Println("Accuracy of hgrd on the examples")
		racetest.WriteTable(os.Stdout, scores)
	}
}

// notCases are the subdirectories of examples that hold no case.
var notCases = map[string]bool{
	"racetest": true,
}

func TestEveryCaseListed(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, c := range cases {
		if listed[c] {
			t.Errorf("case %s listed twice", c)
		}
		listed[c] = true
	}
	for _, e := range entries {
		if e.IsDir() && !listed[e.Name()] && !notCases[e.Name()] {
			t.Errorf("directory %s is not in the list of cases: add it to cases", e.Name())
		}
		delete(listed, e.Name())
	}
	for c := range listed {
		t.Errorf("case %s is listed but has no directory", c)
	}
}
