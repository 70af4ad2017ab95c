// An example for `gesturec import` (docs/import.md), written for the project: an inbox
// in Objective-C, with the spellings of UIKit's gesture API that language uses.
#import <UIKit/UIKit.h>

@interface InboxViewController : UIViewController <UIGestureRecognizerDelegate>
@property (nonatomic, strong) UITableView *tableView;
@property (nonatomic, strong) UIButton *composeButton;
@property (nonatomic, strong) UILongPressGestureRecognizer *reorderPress;
@end

@implementation InboxViewController {
    UISwipeGestureRecognizer *_archiveSwipe;
}

- (void)viewDidLoad {
    [super viewDidLoad];
    self.reorderPress = [[UILongPressGestureRecognizer alloc] initWithTarget:self action:@selector(reorder:)];
    self.reorderPress.minimumPressDuration = 0.3;
    self.reorderPress.delegate = self;
    [self.tableView addGestureRecognizer:self.reorderPress];

    _archiveSwipe = [[UISwipeGestureRecognizer alloc] initWithTarget:self action:@selector(archive:)];
    [_archiveSwipe setDirection:UISwipeGestureRecognizerDirectionLeft];
    [_archiveSwipe setDelaysTouchesEnded:NO];
    [self.tableView addGestureRecognizer:_archiveSwipe];
    [self.tableView.panGestureRecognizer requireGestureRecognizerToFail:_archiveSwipe];

    UITapGestureRecognizer *markRead = [[UITapGestureRecognizer alloc] initWithTarget:self action:@selector(markRead:)];
    markRead.numberOfTouchesRequired = 2;
    markRead.delegate = self;
    [self.tableView addGestureRecognizer:markRead];
    [markRead requireGestureRecognizerToFail:self.navigationController.interactivePopGestureRecognizer];
}

- (BOOL)gestureRecognizerShouldBegin:(UIGestureRecognizer *)gestureRecognizer {
    if (gestureRecognizer == self.reorderPress) {
        return !self.tableView.isEditing;
    }
    return YES;
}

- (BOOL)gestureRecognizer:(UIGestureRecognizer *)gestureRecognizer shouldReceiveTouch:(UITouch *)touch {
    if ([touch.view isKindOfClass:[UIButton class]]) {
        return NO;
    }
    return YES;
}

- (BOOL)gestureRecognizer:(UIGestureRecognizer *)gestureRecognizer
    shouldRecognizeSimultaneouslyWithGestureRecognizer:(UIGestureRecognizer *)otherGestureRecognizer {
    switch (self.mode) {
        case 0: return YES;
        default: return NO;
    }
}

- (void)reorder:(UILongPressGestureRecognizer *)sender {}
- (void)archive:(UISwipeGestureRecognizer *)sender {}
- (void)markRead:(UITapGestureRecognizer *)sender {}
@end
